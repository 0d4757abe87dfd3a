/** What other features use from the notifications feature: the preferences card of the settings page. */
export { NotificationPreferencesCard } from './components/notification-preferences-card';
