import { useAppSelector } from '../../app/hooks';
import { selectUserDevice } from './device-slice';

export function useUserDevice() {
  return useAppSelector(selectUserDevice);
}
