import { existsSync } from 'node:fs';
import { adminCreate } from './admin-create.js';

// The same configuration `npm start` reads.
if (existsSync('.env')) process.loadEnvFile('.env');
const result = await adminCreate(process.argv.slice(2), process.env);
(result.exitCode === 0 ? console.log : console.error)(result.message);
process.exit(result.exitCode);
