import { createSlice } from '@reduxjs/toolkit';
import { subscriptionRequired } from '../api/api-slice';

/** Set when a call answers 402; the router sends the user to /subscription-required and clears it. */
export const accessSlice = createSlice({
  name: 'access',
  initialState: { subscriptionRequired: false },
  reducers: {
    subscriptionRedirectHandled(state) {
      state.subscriptionRequired = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(subscriptionRequired, (state) => {
      state.subscriptionRequired = true;
    });
  },
  selectors: { selectSubscriptionRequired: (state) => state.subscriptionRequired },
});

export const { subscriptionRedirectHandled } = accessSlice.actions;
export const { selectSubscriptionRequired } = accessSlice.selectors;
