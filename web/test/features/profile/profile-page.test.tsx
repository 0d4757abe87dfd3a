import { LIMITS, STORAGE_KEYS, type Profile } from '@quad/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildProfileFormData } from '../../../src/features/profile/profile-form-data';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const profile: Profile = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@college.edu',
  bio: 'Analytical engines.',
  major: 'Mathematics',
  graduationYear: 2026,
  interests: ['Science', 'Writing'],
  profileColor: '#8B5CF6',
  profileImageUrl: null,
  isVerified: true,
  isAdmin: true,
  collegeName: 'State University',
  collegeInitials: 'SU',
  stats: { totalPosts: 3, totalComments: 5, totalFriends: 8 },
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
});

describe('ProfilePage', () => {
  it('when the profile loads, then header, badges, stats and empty activity tabs are shown', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/profile': jsonResponse(200, profile) });
    const { user } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Admin', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('State University (SU)')).toBeInTheDocument();
    expect(screen.getByText('Class of 2026')).toBeInTheDocument();
    const stats = within(screen.getByRole('region', { name: 'Activity summary' }));
    expect(stats.getByText('3')).toBeInTheDocument();
    expect(stats.getByText('Comments')).toBeInTheDocument();
    // The forum's activity endpoints are not there yet (404): empty states, not errors.
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Recent Comments' }));
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
  });

  it('when Edit Profile is saved without a first name, then Missing Information is shown', async () => {
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/profile': jsonResponse(200, profile) });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Profile' }));
    expect(dialog.getByText('Admin Account')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('First name'));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('First name and last name are required')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/profile/update')).toHaveLength(0);
  });

  it('when Edit Profile opens, then names, bio and major stop at the lengths the server accepts', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/profile': jsonResponse(200, profile) });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Profile' }));
    expect(dialog.getByLabelText('First name')).toHaveAttribute('maxLength', String(LIMITS.name));
    expect(dialog.getByLabelText('Last name')).toHaveAttribute('maxLength', String(LIMITS.name));
    expect(dialog.getByLabelText('Bio')).toHaveAttribute('maxLength', String(LIMITS.bio));
    expect(dialog.getByLabelText('Major')).toHaveAttribute('maxLength', String(LIMITS.major));
  });

  it('when a non-image file is chosen, then it is refused', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/profile': jsonResponse(200, profile) });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const input = screen.getByLabelText('Upload photo') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Please select an image file.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it('when an image is chosen, then it is previewed and can be removed again', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/profile': jsonResponse(200, profile) });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Profile' }));
    expect(await dialog.findByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Change photo')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove photo' }));
    expect(dialog.getByLabelText('Upload photo')).toBeInTheDocument();
  });

  it('when the edit is saved, then Profile Updated is shown, the dialog closes and profile and user are refetched', async () => {
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/profile': jsonResponse(200, profile),
      'POST /api/profile/update': jsonResponse(200, makeUser({ firstName: 'Augusta' })),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Profile' }));
    await user.click(dialog.getByRole('radio', { name: 'Teal' }));
    await user.click(dialog.getByRole('button', { name: 'Gaming' }));
    expect(dialog.getByRole('button', { name: 'Gaming' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(network.callsTo('POST', '/api/profile/update')).toHaveLength(1);
    await waitFor(() => expect(network.callsTo('GET', '/api/profile')).toHaveLength(2));
    await waitFor(() => expect(network.callsTo('GET', '/api/auth/user')).toHaveLength(2));
  });

  it('when the update fails, then Update Failed shows the server message', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/profile': jsonResponse(200, profile),
      'POST /api/profile/update': jsonResponse(400, { message: 'Graduation year must be a 4-digit year.' }),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Graduation year must be a 4-digit year.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});

describe('buildProfileFormData', () => {
  const base = {
    firstName: ' Ada ',
    lastName: 'Lovelace',
    bio: ' Hi ',
    major: 'Math',
    graduationYear: '2027',
    interests: ['Science', 'Music'],
    profileColor: '#14B8A6',
    photo: null,
    removePhoto: false,
  };

  it('when the full edit is sent, then every field is a string and interests are JSON', () => {
    const data = buildProfileFormData(base);
    expect(Object.fromEntries(data.entries())).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Hi',
      major: 'Math',
      graduationYear: '2027',
      interests: '["Science","Music"]',
      profileColor: '#14B8A6',
    });
  });

  it('when the year is not a number, then the current year is sent', () => {
    expect(buildProfileFormData({ ...base, graduationYear: '' }, 2031).get('graduationYear')).toBe('2031');
  });

  it('when a photo is chosen or removed, then profileImage or removeProfileImage is sent', () => {
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    expect(buildProfileFormData({ ...base, photo }).get('profileImage')).toBeInstanceOf(File);
    expect(buildProfileFormData({ ...base, removePhoto: true }).get('removeProfileImage')).toBe('true');
    expect(buildProfileFormData(base).has('removeProfileImage')).toBe(false);
  });
});
