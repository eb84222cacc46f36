/** State of one of the profile screen's actions, as the app last saw it. */
export type ProfileActionStatus = 'idle' | 'pending' | 'success' | 'error';
