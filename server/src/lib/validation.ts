import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { Messages } from './errors.js';

/**
 * A request that does not match its schema. `clientMessage` is the Chinese text for the envelope:
 * the `errorMessage` annotation nearest to the failing part of the schema, or a generic text that
 * names the field.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    readonly clientMessage: string,
    readonly validation: unknown[],
  ) {
    super(clientMessage);
    this.name = 'RequestValidationError';
  }
}

interface ValidationIssue {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * TypeBox validator for every request part. Unlike the type provider's default it also converts
 * JSON bodies (so "2" is accepted for 2) and fills schema defaults; an absent body counts as {}.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const validator = Compile(schema);
  const isObject = (schema as { type?: unknown }).type === 'object';
  const defaults = isObject ? topLevelDefaults(schema) : undefined;
  return (input: unknown) => {
    // Fast path for the common case, a well-formed object body: its own properties plus the
    // top-level defaults already pass, so converting (which walks the schema) would change nothing.
    if (defaults && isPlainObject(input)) {
      const filled: Record<string, unknown> = { ...input };
      for (const [key, fallback] of defaults) if (filled[key] === undefined) filled[key] = structuredClone(fallback);
      if (validator.Check(filled)) return { value: filled };
    }
    let value = input == null && isObject ? {} : input;
    value = Value.Convert(schema, Value.Default(schema, value));
    if (validator.Check(value)) return { value };
    const issues = [...validator.Errors(value)] as unknown as ValidationIssue[];
    return { error: new RequestValidationError(messageFor(schema, issues), issues) };
  };
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The defaults of an object schema's own properties, or undefined when a default sits deeper (then
 * only Value.Default fills everything, and the fast path is not used).
 */
function topLevelDefaults(schema: TSchema): [string, unknown][] | undefined {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  const found: [string, unknown][] = [];
  for (const [key, property] of Object.entries(properties)) {
    if ('default' in property) found.push([key, (property as { default: unknown }).default]);
    if (hasDefault(property, true)) return undefined;
  }
  return found;
}

/** Whether a schema (below its own top when `skipTop`) declares a default anywhere. */
function hasDefault(node: unknown, skipTop = false): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (!skipTop && 'default' in node) return true;
  return Object.entries(node).some(([key, child]) => key !== 'default' && typeof child === 'object' && hasDefault(child));
}

function messageFor(schema: TSchema, issues: ValidationIssue[]): string {
  for (const issue of issues) {
    const found = annotatedMessage(schema, issue);
    if (found) return found;
  }
  const first = issues[0];
  if (!first) return Messages.badParameter;
  const field =
    first.keyword === 'required'
      ? String((first.params.requiredProperties as string[] | undefined)?.[0] ?? '')
      : first.instancePath.split('/').filter((p) => p && !/^\d+$/.test(p)).pop() ?? '';
  return field ? `参数${field}不正确` : Messages.badParameter;
}

/** Walks from the failing schema node up to the root and returns the nearest errorMessage. */
function annotatedMessage(schema: TSchema, issue: ValidationIssue): string | undefined {
  const segments = issue.schemaPath
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (issue.keyword === 'required') {
    const prop = (issue.params.requiredProperties as string[] | undefined)?.[0];
    if (prop) segments.push('properties', prop);
  }
  const nodes: unknown[] = [schema];
  let node: unknown = schema;
  for (const segment of segments) {
    node = (node as Record<string, unknown> | undefined)?.[segment];
    if (node === undefined) break;
    nodes.push(node);
  }
  for (let i = nodes.length - 1; i >= 1; i--) {
    const message = (nodes[i] as { errorMessage?: unknown }).errorMessage;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
