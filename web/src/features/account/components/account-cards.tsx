import { DELETE_ACCOUNT_CONFIRMATION } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api/api-slice';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { tokenStorage } from '../../../lib/storage';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Dialog } from '../../../ui/dialog';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import { useDeleteAccountMutation } from '../api';
import { downloadAccountExport } from '../download-export';
import { CardActions, DeleteForm } from './account-cards.styles';
import { useSubmit } from '../../../ui/use-submit';

/** Settings' "Your data": everything the student made, from every service, as one JSON file or a zip with their images. */
export function YourDataCard() {
  const { toast } = useToast();
  const [busy, setBusy] = useState<'json' | 'zip' | null>(null);

  async function fetchFile(format: 'json' | 'zip') {
    setBusy(format);
    try {
      await downloadAccountExport(format);
      toast({ title: 'Download ready', description: format === 'zip' ? 'Your data and images are in the zip.' : 'Your data is in the JSON file.' });
    } catch (error) {
      toast({ title: 'Download failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby="your-data-title">
      <CardTitle id="your-data-title">Your data</CardTitle>
      <CardDescription>
        Download everything you made on Quad: your profile, posts, comments, ideas, polls and votes, friends and requests, blocks,
        messages you sent and received, reports you filed, payments and notifications.
      </CardDescription>
      <CardActions>
        <Button variant="outline" onClick={() => void fetchFile('json')} disabled={busy !== null} loading={busy === 'json'}>
          Download my data (JSON)
        </Button>
        <Button variant="outline" onClick={() => void fetchFile('zip')} disabled={busy !== null} loading={busy === 'zip'}>
          Download with my images (zip)
        </Button>
      </CardActions>
    </Card>
  );
}

/** Settings' "Delete account": the password and the typed word, then the account is gone everywhere. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { submit } = useSubmit();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await submit(() => deleteAccount({ password, confirmation: typed }).unwrap(), {
      success: ({ message }) => ({ title: 'Account deleted', description: message }),
      failure: { title: 'Account not deleted', fallback: 'Please try again.' },
      onSuccess: () => {
        tokenStorage.clear();
        dispatch(api.util.resetApiState());
        navigate(paths.auth, { replace: true });
      },
    });
  }

  return (
    <Card aria-labelledby="delete-account-title">
      <CardTitle id="delete-account-title">Delete account</CardTitle>
      <CardDescription>
        Your profile, posts, comments, ideas, polls, votes, friends and photos are removed for good. Messages you sent stay with the
        people you sent them to, from "Deleted user". Payment records are kept as the law requires, without your name.
      </CardDescription>
      <CardActions>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardActions>
      <Dialog
        open={open}
        onOpenChange={(next) => !isLoading && setOpen(next)}
        title="Delete your account?"
        description="This cannot be undone. Download your data first if you want a copy."
        width="sm"
      >
        <DeleteForm onSubmit={onSubmit} aria-label="Delete account">
          <Input label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Input
            label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
            name="confirmation"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" variant="destructive" disabled={isLoading || !password || typed !== DELETE_ACCOUNT_CONFIRMATION} loading={isLoading}>
            Delete my account for good
          </Button>
        </DeleteForm>
      </Dialog>
    </Card>
  );
}
