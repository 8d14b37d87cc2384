import { parseEnv } from '../config/env.js';
import { installJobSchema } from '../modules/jobs/index.js';
import { openDatabase } from './open.js';

const env = parseEnv(process.env);
const database = await openDatabase(env);
// The background jobs' tables (pg-boss, schema pgboss) are part of the release step too.
await installJobSchema(database);
console.log(`Migrations applied (${database.kind}), background jobs' schema current.`);
await database.close();
