import { parseEnv } from '../config/env.js';
import { openDatabase } from './open.js';

const env = parseEnv(process.env);
const database = await openDatabase(env);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
