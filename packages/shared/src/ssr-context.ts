import { createContext } from 'react-router';
import type { ApiClient } from './api.js';

/**
 * The key under which the server hands loaders an in-process API client. It lives in this package
 * because the server build keeps @store/shared external: the server and the loaders share one instance.
 */
export const apiClientContext = createContext<ApiClient>();
