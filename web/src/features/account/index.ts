/** What other features use from the account feature: its cards on the settings page, and the data download. */
export { DeleteAccountCard, YourDataCard } from './components/account-cards';
export { downloadAccountExport } from './download-export';
