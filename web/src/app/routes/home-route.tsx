import type { DeviceType, User } from '@quad/contracts';
import { useState } from 'react';
import { useLogout } from '../../lib/auth/use-logout';
import { CompleteProfilePage } from '../../features/auth/components/complete-profile-page';
import { DeviceSelectionPage } from '../../features/device/components/device-selection-page';
import { HomePage } from '../../features/home/components/home-page';
import { EditProfileDialog } from '../../features/profile/components/edit-profile-dialog';
import { AppLayout } from '../layout/app-layout';

/**
 * '/': device selection until a device is stored, then complete-profile while a name is
 * missing, then home (spec section 2). Features meet here, so they never import each other.
 */
export function HomeRoute({ user, device }: { user: User; device: DeviceType | null }) {
  if (!device) return <DeviceSelectionPage />;
  if (!user.firstName?.trim() || !user.lastName?.trim()) return <CompleteProfilePage />;
  return (
    <AppLayout user={user}>
      <HomeScreen user={user} />
    </AppLayout>
  );
}

function HomeScreen({ user }: { user: User }) {
  const logout = useLogout();
  const [editingProfile, setEditingProfile] = useState(false);
  return (
    <HomePage
      user={user}
      onLogout={logout}
      onEditProfile={() => setEditingProfile(true)}
      slots={{ dialogs: <EditProfileDialog open={editingProfile} onOpenChange={setEditingProfile} /> }}
    />
  );
}
