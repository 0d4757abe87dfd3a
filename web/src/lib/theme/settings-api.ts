import type { Settings, UpdateSettingsBody } from '@quad/contracts';
import { api } from '../../api/api-slice';

/** The signed-in account's preferences (GET/PUT /api/settings): kept per account, so they follow the student. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => '/api/settings',
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<Settings, UpdateSettingsBody>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      // The screen changes at once; a refusal puts the stored choice back.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(settingsApi.util.updateQueryData('getSettings', undefined, (draft) => ({ ...draft, ...body })));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;
