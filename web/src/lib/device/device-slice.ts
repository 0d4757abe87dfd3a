import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeviceType } from '@quad/contracts';
import { readStoredDevice, storeDevice } from '../storage';

const BODY_CLASSES: Record<DeviceType, string> = {
  mobile: 'mobile-optimized',
  tablet: 'tablet-optimized',
  desktop: 'desktop-optimized',
};

/** Puts the page class for the device preference on <body>, replacing any previous one. */
export function applyDeviceClass(device: DeviceType | null): void {
  document.body.classList.remove(...Object.values(BODY_CLASSES));
  if (device) document.body.classList.add(BODY_CLASSES[device]);
}

interface DeviceState {
  /** The stored preference (localStorage userDevice), null until the user picks one. */
  userDevice: DeviceType | null;
}

export const deviceSlice = createSlice({
  name: 'device',
  initialState: (): DeviceState => ({ userDevice: readStoredDevice() }),
  reducers: {
    deviceChosen(state, action: PayloadAction<DeviceType>) {
      state.userDevice = action.payload;
    },
  },
  selectors: {
    selectUserDevice: (state) => state.userDevice,
  },
});

export const { selectUserDevice } = deviceSlice.selectors;

/** Persists the choice, applies the page class and updates the store (spec section 4, device choice). */
export function chooseDevice(device: DeviceType) {
  return (dispatch: (action: PayloadAction<DeviceType>) => void) => {
    storeDevice(device);
    applyDeviceClass(device);
    dispatch(deviceSlice.actions.deviceChosen(device));
  };
}
