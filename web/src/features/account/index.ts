/** What other features use from the account feature: its cards on the settings page. */
export { DeleteAccountCard, YourDataCard } from './components/account-cards';
