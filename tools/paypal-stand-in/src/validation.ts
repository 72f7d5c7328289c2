/**
 * Collects what is wrong with a request, field by field, the way PayPal
 * reports it: every problem at once, each with the JSON path of its field.
 */
import { type Issue, type IssueCode, throwIssues } from './errors.js';

export class Issues {
  /** Problems with the request's shape (answered 400 INVALID_REQUEST). */
  readonly schema: Issue[] = [];
  /** Problems with a well-formed request (answered 422 UNPROCESSABLE_ENTITY). */
  readonly business: Issue[] = [];

  /** Records a schema problem. */
  malformed(issue: IssueCode, field: string, value?: unknown): void {
    this.schema.push({ issue, field, ...(value === undefined ? {} : { value: shown(value) }) });
  }

  /** Records a business-rule problem. */
  unprocessable(issue: IssueCode, field: string, value?: unknown): void {
    this.business.push({ issue, field, ...(value === undefined ? {} : { value: shown(value) }) });
  }

  get count(): number {
    return this.schema.length + this.business.length;
  }

  /** Throws the PayPal error for what was found, if anything. */
  throwIfAny(): void {
    throwIssues(this.schema, this.business);
  }
}

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value));

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An optional string field of at most `max` characters; undefined when absent or wrong. */
export function optionalString(source: Record<string, unknown>, key: string, field: string, max: number, issues: Issues): string | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, value);
    return undefined;
  }
  if (value.length < 1 || value.length > max) {
    issues.malformed('INVALID_STRING_LENGTH', field, value);
    return undefined;
  }
  return value;
}

/** The same object without its undefined properties, so they do not appear in answers. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
