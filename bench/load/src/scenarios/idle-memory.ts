export async function idleMemory(): Promise<void> { throw new Error('todo'); }
