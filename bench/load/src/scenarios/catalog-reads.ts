export async function catalogReads(): Promise<void> { throw new Error('todo'); }
