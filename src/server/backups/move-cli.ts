import 'dotenv/config';
import { ConfigError, loadConfig } from '../config.js';
import { moveToPostgres } from './move-to-postgres.js';

// `npm run move-to-postgres -- postgres://...`: the embedded database of DATA_DIR into that
// (new, empty) PostgreSQL database. Stop the portal first; then set DATABASE_URL and start it.
const [databaseUrl] = process.argv.slice(2);
try {
  const config = loadConfig();
  if (!databaseUrl) {
    console.error('usage: npm run move-to-postgres -- postgres://user:password@host:5432/database');
    process.exitCode = 64;
  } else {
    const copied = await moveToPostgres(config.dataDir, databaseUrl);
    for (const [table, rows] of Object.entries(copied)) if (rows > 0) console.log(`${table}: ${rows} rows`);
    console.log(`moved: set DATABASE_URL to that database (keep DATA_DIR for the uploaded files, or S3_*) and start the portal.`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
