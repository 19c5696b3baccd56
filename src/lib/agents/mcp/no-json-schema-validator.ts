/**
 * Stands in for the MCP SDK's Ajv validator in the worker bundle (integrations/mcp-without-ajv.ts).
 * The SDK's server imports Ajv (and its formats) to validate a client's answers to elicitation
 * requests; our stateless tools never elicit, so the validator is never asked for, and Ajv would add
 * about a third to the worker's size (and compiles validators with `new Function`, which Workers
 * refuse). Asking for one is a programming error, said plainly.
 */
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(): JsonSchemaValidator<T> {
    throw new Error('This MCP server validates no JSON Schema at run time (it never elicits input).');
  }
}
