/** What other features use from the settings feature: the Appearance card of the settings page. */
export { AppearanceCard } from './components/appearance-card';
