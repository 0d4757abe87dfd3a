import { MAX_UPLOAD_BYTES } from '@quad/contracts';
import type { ChangeEvent } from 'react';
import type { ToastOptions } from '../ui/toast';

/**
 * The file a user picked in an image input, or null with a toast saying why it was refused
 * (not an image, or over the 5 MB upload limit). Clears the input so the same file can be
 * picked again. The server sniffs and re-encodes anyway; this only saves a pointless upload.
 */
export function pickedImage(event: ChangeEvent<HTMLInputElement>, toast: (options: ToastOptions) => void): File | null {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  if (!file.type.startsWith('image/')) {
    toast({ title: 'Invalid file', description: 'Please select an image file.', variant: 'destructive' });
    return null;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    toast({ title: 'Image too large', description: 'Please choose an image under 5 MB.', variant: 'destructive' });
    return null;
  }
  return file;
}
