import { createContext, useContext } from 'react';

/**
 * Whether the app has no connection to its server (docs/architecture.md#offline). The app shell
 * provides it from its `offline` prop; screens and primitives below read it to disable what needs
 * the server and to say they wait instead of spinning. Outside a shell: online.
 */
export const OfflineContext = createContext(false);

/** True while the app has no connection to its server. */
export const useOffline = (): boolean => useContext(OfflineContext);
