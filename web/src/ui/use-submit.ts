import { useMemo, useState, type FormEvent } from 'react';
import { serverMessage } from '../api/api-error';
import { useToast, type ToastOptions } from './toast';

/**
 * The destructive toast of a failed call:
 * - a string: that title, and the server's `{message}` (if any) as description;
 * - `{ title, fallback }`: the server's message, or the fallback when it sent none;
 * - `{ title, description }`: exactly that toast, whatever the server said;
 * - `{ title, describe }`: the description made from the error.
 */
export type SubmitFailure =
  | string
  | { title: string; fallback: string }
  | { title: string; description?: string }
  | { title: string; describe: (error: unknown) => string | undefined };

export interface SubmitOptions<T> {
  /** The toast once it succeeded (or made from its result); none when left out. */
  success?: ToastOptions | ((result: T) => ToastOptions | undefined);
  failure: SubmitFailure;
  /** Runs after the success toast, e.g. to close the dialog or clear the form. */
  onSuccess?: (result: T) => void;
  /** Runs before the failure toast, e.g. to close a confirmation. */
  onFailure?: (error: unknown) => void;
}

function failureToast(failure: SubmitFailure, error: unknown): ToastOptions {
  if (typeof failure === 'string')
    return { title: failure, description: serverMessage(error), variant: 'destructive' };
  if ('fallback' in failure)
    return {
      title: failure.title,
      description: serverMessage(error) ?? failure.fallback,
      variant: 'destructive',
    };
  if ('describe' in failure)
    return { title: failure.title, description: failure.describe(error), variant: 'destructive' };
  return { title: failure.title, description: failure.description, variant: 'destructive' };
}

export interface Submitter {
  /**
   * Runs a call (usually a mutation's `.unwrap()`), then toasts its success or its failure.
   * Resolves to whether it succeeded; a failed call does not reject.
   */
  submit<T>(call: () => Promise<T>, options: SubmitOptions<T>): Promise<boolean>;
  /** The toast of a form that is refused before any call (a required field left empty). */
  refuse(title: string, description?: string): void;
}

/** One way for every form and action: call → unwrap → toast, or catch → destructive toast. */
export function useSubmit(): Submitter {
  const { toast } = useToast();
  return useMemo(
    () => ({
      async submit<T>(call: () => Promise<T>, options: SubmitOptions<T>) {
        let result: T;
        try {
          result = await call();
        } catch (error) {
          options.onFailure?.(error);
          toast(failureToast(options.failure, error));
          return false;
        }
        const success = typeof options.success === 'function' ? options.success(result) : options.success;
        if (success) toast(success);
        options.onSuccess?.(result);
        return true;
      },
      refuse(title: string, description?: string) {
        toast({ title, description, variant: 'destructive' });
      },
    }),
    [toast],
  );
}

/** Why a form is refused before any call: the title and text of its toast. */
export type Refusal = readonly [title: string, description: string];

export interface SubmitFormOptions<T> extends SubmitOptions<T> {
  /** The reason to refuse the form before any call (a required field left empty), or nothing to send it. */
  check?: () => Refusal | false | null | undefined;
  /** The call, usually a mutation's `.unwrap()`. */
  call: () => Promise<T>;
}

export interface SubmitForm {
  /** The form's onSubmit: keeps the page, refuses or sends. */
  onSubmit: (event: FormEvent) => void;
  /** While the call runs (disable the buttons, spin the submit one). */
  busy: boolean;
}

/**
 * A form that calls the server: prevents the page load, refuses with a toast when `check` finds a
 * reason, else `submit`s the call with its toasts. Every dialog and form of the app sends this way.
 */
export function useSubmitForm<T>({ check, call, ...options }: SubmitFormOptions<T>): SubmitForm {
  const { submit, refuse } = useSubmit();
  const [busy, setBusy] = useState(false);

  async function send() {
    const refusal = check?.();
    if (refusal) {
      refuse(...refusal);
      return;
    }
    setBusy(true);
    await submit(call, options);
    setBusy(false);
  }

  return {
    busy,
    onSubmit: (event) => {
      event.preventDefault();
      void send();
    },
  };
}
