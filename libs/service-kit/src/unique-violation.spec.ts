import { QueryFailedError } from 'typeorm';
import { isUniqueViolation, UNIQUE_VIOLATION } from './database.js';

const failed = (driverError: Record<string, unknown>) => new QueryFailedError('INSERT …', [], Object.assign(new Error('refused'), driverError));

describe('isUniqueViolation', () => {
  it('recognises a unique index refusing a duplicate, by its name when one is given', () => {
    const duplicate = failed({ code: UNIQUE_VIOLATION, constraint: 'app_user_email_unique' });

    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(duplicate, 'app_user_email_unique')).toBe(true);
    expect(isUniqueViolation(duplicate, 'review_one_per_user')).toBe(false);
  });

  it('is false for any other failure', () => {
    expect(isUniqueViolation(failed({ code: '23503', constraint: 'app_user_email_unique' }))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
