export async function authBurst(): Promise<void> { throw new Error('todo'); }
