import { GRADUATION_YEAR_RANGE, INTERESTS, LIMITS, PROFILE_COLORS, type Profile } from '@quad/contracts';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { CheckIcon, ShieldIcon, TrashIcon, UploadIcon } from '../../../ui/icons';
import { Input, Textarea } from '../../../ui/input';
import { Spinner } from '../../../ui/spinner';
import { pickedImage } from '../../../lib/image-file';
import { useToast } from '../../../ui/toast';
import { useGetProfileQuery, useUpdateProfileMutation } from '../api';
import { buildProfileFormData, type ProfileFormValues } from '../profile-form-data';
import { FormButtons } from '../../../ui/form-buttons';
import {
  Centered,
  Chip,
  ColorName,
  Chips,
  FileLabel,
  Fieldset,
  Form,
  Legend,
  PhotoActions,
  PhotoRow,
  SwatchLabel,
  Swatches,
  TwoColumns,
} from './edit-profile-dialog.styles';
import { useSubmit } from '../../../ui/use-submit';

export interface EditProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit Profile (spec sections 2, 5, 7): photo or colour, names, bio, major, year, interests. */
export function EditProfileDialog({ open, onOpenChange }: EditProfileDialogProps) {
  const { data: profile, isLoading } = useGetProfileQuery(undefined, { skip: !open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Profile" description="Update how other students see you." width="lg">
      {profile ? (
        <EditProfileForm profile={profile} onDone={() => onOpenChange(false)} />
      ) : (
        <Centered>{isLoading ? <Spinner label="Loading profile" /> : <p>We couldn't load your profile. Please try again.</p>}</Centered>
      )}
    </Dialog>
  );
}

function initialValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    bio: profile.bio ?? '',
    major: profile.major ?? '',
    graduationYear: String(profile.graduationYear ?? new Date().getFullYear()),
    interests: [...(profile.interests ?? [])],
    profileColor: profile.profileColor,
    photo: null,
    removePhoto: false,
  };
}

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [values, setValues] = useState(() => initialValues(profile));
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const { toast } = useToast();
  const { submit, refuse } = useSubmit();
  const fileInputId = useId();

  const previewUrl = useMemo(() => (values.photo ? URL.createObjectURL(values.photo) : null), [values.photo]);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);
  const shownImage = previewUrl ?? (values.removePhoto ? null : profile.profileImageUrl);

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  function onPhotoChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = pickedImage(event, toast);
    if (file) setValues((current) => ({ ...current, photo: file, removePhoto: false }));
  }

  function toggleInterest(interest: string) {
    setValues((current) => ({
      ...current,
      interests: current.interests.includes(interest) ? current.interests.filter((item) => item !== interest) : [...current.interests, interest],
    }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.firstName.trim() || !values.lastName.trim()) {
      refuse('Missing Information', 'First name and last name are required');
      return;
    }
    await submit(() => updateProfile(buildProfileFormData(values)).unwrap(), {
      success: { title: 'Profile Updated', description: 'Your profile has been updated successfully!' },
      failure: { title: 'Update Failed', fallback: 'Failed to update profile. Please try again.' },
      onSuccess: onDone,
    });
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Edit profile">
      {profile.isAdmin && (
        <Badge $variant="primary" style={{ alignSelf: 'flex-start' }}>
          <ShieldIcon />
          Admin Account
        </Badge>
      )}
      <PhotoRow>
        <Avatar firstName={values.firstName} lastName={values.lastName} imageUrl={shownImage} color={values.profileColor} size={72} />
        <PhotoActions>
          <FileLabel htmlFor={fileInputId}>
            <UploadIcon />
            {shownImage ? 'Change photo' : 'Upload photo'}
            <input id={fileInputId} type="file" accept="image/*" className="visually-hidden" onChange={onPhotoChosen} />
          </FileLabel>
          {shownImage && (
            <Button variant="ghost" size="sm" onClick={() => setValues((current) => ({ ...current, photo: null, removePhoto: true }))}>
              <TrashIcon />
              Remove photo
            </Button>
          )}
        </PhotoActions>
      </PhotoRow>

      <Fieldset>
        <Legend>
          Profile colour
          <ColorName>{PROFILE_COLORS.find((color) => color.value === values.profileColor)?.name}</ColorName>
        </Legend>
        <Swatches role="radiogroup" aria-label="Profile colour">
          {PROFILE_COLORS.map((color) => (
            <SwatchLabel key={color.value} $color={color.value} title={color.name}>
              <input
                type="radio"
                name="profileColor"
                value={color.value}
                aria-label={color.name}
                checked={values.profileColor === color.value}
                onChange={() => set('profileColor', color.value)}
              />
              {values.profileColor === color.value && <CheckIcon />}
            </SwatchLabel>
          ))}
        </Swatches>
      </Fieldset>

      <TwoColumns>
        <Input data-autofocus label="First name" name="firstName" autoComplete="given-name" maxLength={LIMITS.name} value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <Input label="Last name" name="lastName" autoComplete="family-name" maxLength={LIMITS.name} value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
      </TwoColumns>
      <Textarea label="Bio" name="bio" placeholder="Tell others about yourself" maxLength={LIMITS.bio} value={values.bio} onChange={(e) => set('bio', e.target.value)} />
      <TwoColumns>
        <Input label="Major" name="major" placeholder="e.g. Computer Science" maxLength={LIMITS.major} value={values.major} onChange={(e) => set('major', e.target.value)} />
        <Input
          label="Graduation year"
          name="graduationYear"
          type="number"
          inputMode="numeric"
          min={GRADUATION_YEAR_RANGE.min}
          max={GRADUATION_YEAR_RANGE.max}
          value={values.graduationYear}
          onChange={(e) => set('graduationYear', e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </TwoColumns>

      <Fieldset>
        <Legend>Interests</Legend>
        <Chips>
          {INTERESTS.map((interest) => (
            <Chip key={interest} type="button" aria-pressed={values.interests.includes(interest)} onClick={() => toggleInterest(interest)}>
              {interest}
            </Chip>
          ))}
        </Chips>
      </Fieldset>

      <FormButtons onCancel={onDone} busy={isLoading} submitLabel="Save Changes" busyLabel="Saving..." />
    </Form>
  );
}
