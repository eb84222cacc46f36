import {
  downloadResolutionRegister,
  getFolderRegisters,
  markRegisterTask,
  setFolderGremium,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const getFolderRegistersRoute = routeFor(getFolderRegisters);
export const setFolderGremiumRoute = routeFor(setFolderGremium);
export const markRegisterTaskRoute = routeFor(markRegisterTask);
export const downloadResolutionRegisterRoute = routeFor(downloadResolutionRegister);
