/** `vite --mode mock`: the whole front end against MSW, no server needed. */
export async function startMockMode(): Promise<void> {
  const { startMockWorker } = await import('@protokoll/mocks/browser');
  await startMockWorker();
}
