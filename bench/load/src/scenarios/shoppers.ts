export async function shoppers(): Promise<void> { throw new Error('todo'); }
