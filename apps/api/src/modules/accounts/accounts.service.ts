/** The accounts services the routes call, by seam: signing in, registration, the account pages. */
export * from './sign-in.js';
export * from './registration.js';
export * from './profile.js';
export { findCustomer } from './customers.js';
