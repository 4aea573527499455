import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seed } from './seed/seed';
import { resetDatabase } from './reset';

/** npm run db:migrate | db:reset (drop everything, migrate, seed the demo data). */
async function main() {
  const command = process.argv[2];
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (command === 'migrate') {
      await migrate(database);
      console.log('Migrated.');
    } else if (command === 'reset') {
      await resetDatabase(database);
      await migrate(database);
      await seed(database.db);
      console.log('Recreated the database with the demo data.');
    } else {
      console.error('usage: cli.ts migrate|reset');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
