/** Where an action of the team screen stands (invite, accept, remove, …). */
export type TeamActionStatus = 'idle' | 'pending' | 'success' | 'error';
