/** Load state of data a component shows: placeholder, failure with retry, or the data. */
export type LoadStatus = 'loading' | 'error' | 'ready';
