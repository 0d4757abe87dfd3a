// Placeholder until the end-to-end journeys land: the e2e project's setup will start the whole
// system (infrastructure, services, gateway with the web build) here.
export default async function globalSetup(): Promise<void> {}
