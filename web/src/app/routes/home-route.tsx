import type { DeviceType, User } from '@quad/contracts';
import { CompleteProfilePage, DeviceSelectionPage } from '../first-screens';
import { AppLayout } from '../layout/app-layout';
import { HomeScreen } from './home-screen';

/**
 * '/': device selection until a device is stored, then complete-profile while a name is
 * missing, then home (spec section 2).
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
