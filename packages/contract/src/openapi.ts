// Builds the OpenAPI 3.1 document of the API from the route table (api.ts) and the contract's zod
// schemas, with zod's own z.toJSONSchema: OpenAPI 3.1's schemas are JSON Schema 2020-12, which is
// what it writes, so no converter library sits between the schemas the server validates with and
// the document. Requests are described as clients send them (io: 'input': defaults make a field
// optional), answers as the server sends them (io: 'output').
import { z } from 'zod';
import { API_ROUTES, type ApiAnswer, type ApiRoute, type NonJsonAnswer } from './api.js';
import * as q from './requests.js';
import * as r from './responses.js';

type JsonSchema = Record<string, unknown>;

/** Schemas shown by name in the reference (components.schemas), and referred to wherever they occur. */
const NAMED_ANSWERS: Record<string, z.ZodType> = {
  User: r.userSchema,
  AuthResponse: r.authResponseSchema,
  Message: r.messageResponseSchema,
  Error: r.errorResponseSchema,
  Health: r.healthResponseSchema,
  Liveness: r.livenessResponseSchema,
  PersonRef: r.personRefSchema,
  Class: r.classSchema,
  ClassList: r.classListResponseSchema,
  Enrollment: r.enrolmentResponseSchema,
  Live: r.liveResponseSchema,
  LiveRoom: r.liveRoomResponseSchema,
  Sentiment: r.sentimentSchema,
  Moderation: r.moderationSchema,
  DiscussionReply: r.discussionReplySchema,
  Discussion: r.discussionSchema,
  AllDiscussions: r.allDiscussionsResponseSchema,
  Review: r.reviewSchema,
  AverageRating: r.averageRatingResponseSchema,
  CommunityReply: r.communityReplySchema,
  CommunityPost: r.communityPostSchema,
  MatchRange: r.matchRangeSchema,
  SearchResults: r.searchResponseSchema,
  ChatResponse: r.chatResponseSchema,
  ChatHistory: r.chatHistoryResponseSchema,
  AssistantStatus: r.assistantStatusSchema,
  Notification: r.notificationSchema,
  NotificationList: r.notificationListResponseSchema,
  MarkNotificationsReadResponse: r.markNotificationsReadResponseSchema,
  AuditEntry: r.auditEntrySchema,
  AuditLog: r.auditLogResponseSchema,
  AdminUser: r.adminUserSchema,
  ActiveSanction: r.activeSanctionSchema,
  Sanction: r.sanctionSchema,
  SanctionResponse: r.sanctionResponseSchema,
  SanctionList: r.sanctionListResponseSchema,
};

const NAMED_REQUESTS: Record<string, z.ZodType> = {
  RegisterRequest: q.registerRequestSchema,
  LoginRequest: q.loginRequestSchema,
  UpdateProfileRequest: q.updateProfileRequestSchema,
  ChangePasswordRequest: q.changePasswordRequestSchema,
  DeleteAccountRequest: q.deleteAccountRequestSchema,
  ForgotPasswordRequest: q.forgotPasswordRequestSchema,
  ResetPasswordRequest: q.resetPasswordRequestSchema,
  ChangeRoleRequest: q.changeRoleRequestSchema,
  CreateClassRequest: q.createClassRequestSchema,
  UpdateClassRequest: q.updateClassRequestSchema,
  CreateDiscussionRequest: q.createDiscussionRequestSchema,
  ReplyRequest: q.replyRequestSchema,
  CreateReviewRequest: q.createReviewRequestSchema,
  CreatePostRequest: q.createPostRequestSchema,
  ChatRequest: q.chatRequestSchema,
  MarkNotificationsReadRequest: q.markNotificationsReadRequestSchema,
  ImposeSanctionRequest: q.imposeSanctionRequestSchema,
  LiftSanctionRequest: q.liftSanctionRequestSchema,
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `errors` names each field',
  401: 'Not signed in, or the token is invalid or revoked',
  403: 'Signed in but not allowed (a silenced caller writing, or a suspended account signing in, is told until when and why)',
  404: 'Not found (also for a malformed id)',
  409: 'Conflict (e.g. the email is taken)',
  413: 'Body too large: JSON over 1 MB, or a file over its limit',
  415: 'A file of a type not accepted (decided from its content)',
  416: 'A byte range outside the file',
  429: 'Rate limited: see Retry-After',
  500: 'Unexpected failure (logged with the request id)',
  502: 'The assistant’s provider failed',
  503: 'The database is unavailable: see Retry-After',
  504: 'The assistant’s provider took too long',
  507: 'The class’s storage quota would be exceeded',
};

const isNonJson = (answer: ApiAnswer): answer is NonJsonAnswer =>
  typeof (answer as NonJsonAnswer).contentType === 'string';

/** "/classes/:id" → "/classes/{id}" and its parameter names. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:(\w+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: `/api${converted}`, params };
}

/** "post /classes/:id/enroll" → "postClassesIdEnroll". */
function operationId(route: ApiRoute): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/**
 * The JSON Schemas of one direction (input or output) as components: the named ones, plus one per
 * operation for an unnamed schema (e.g. an array of a named one). zod writes a $ref wherever a
 * registered schema occurs inside another.
 */
function components(io: 'input' | 'output', named: Record<string, z.ZodType>, unnamed: Map<z.ZodType, string>) {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [id, schema] of Object.entries(named)) {
    registry.add(schema, { id });
    ids.set(schema, id);
  }
  for (const [schema, id] of unnamed) {
    if (ids.has(schema)) continue;
    registry.add(schema, { id });
    ids.set(schema, id);
  }
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const cleaned: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
    cleaned[id] = rest;
  }
  return { schemas: cleaned, ref: (schema: z.ZodType) => ({ $ref: `#/components/schemas/${ids.get(schema)}` }) };
}

/** A query schema as OpenAPI parameters, one per field. */
function queryParameters(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

export interface OpenApiOptions {
  /** The server's version (info.version). */
  version: string;
  routes?: readonly ApiRoute[];
}

/** The OpenAPI 3.1 document of every call in the route table. */
export function buildOpenApiDocument({ version, routes = API_ROUTES }: OpenApiOptions): Record<string, unknown> {
  // Unnamed schemas get a name from their operation, so each is written once with its $refs intact.
  const unnamedRequests = new Map<z.ZodType, string>();
  const unnamedAnswers = new Map<z.ZodType, string>();
  for (const route of routes) {
    const id = operationId(route);
    if (route.body && !Object.values(NAMED_REQUESTS).includes(route.body)) unnamedRequests.set(route.body, `${id}Body`);
    for (const [status, answer] of Object.entries(route.responses)) {
      if (answer && !isNonJson(answer) && !Object.values(NAMED_ANSWERS).includes(answer)) {
        unnamedAnswers.set(answer, `${id}Response${status}`);
      }
    }
  }
  const input = components('input', NAMED_REQUESTS, unnamedRequests);
  const output = components('output', NAMED_ANSWERS, unnamedAnswers);
  const errorContent = { 'application/json': { schema: output.ref(r.errorResponseSchema) } };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { path, params } = openApiPath(route.path);
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(route.responses)) {
      if (!answer) continue;
      responses[status] = isNonJson(answer)
        ? { description: answer.description, content: { [answer.contentType]: { schema: { type: 'string' } } } }
        : { description: 'Success', content: { 'application/json': { schema: output.ref(answer) } } };
    }
    const errorStatuses = new Set(route.errors ?? []);
    if (route.body || route.upload || route.query) errorStatuses.add(400);
    if (route.auth === 'user') errorStatuses.add(401);
    if (params.length > 0) errorStatuses.add(404);
    if (route.body) errorStatuses.add(413);
    for (const status of [...errorStatuses].sort((a, b) => a - b)) {
      responses[String(status)] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: errorContent };
    }
    responses.default = { description: 'Any other error, in the same shape', content: errorContent };

    const parameters = [
      ...params.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
        description: name === 'token' ? 'A secret token' : 'An id',
      })),
      ...(route.query ? queryParameters(route.query) : []),
    ];
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      description: `Who: ${route.who}.`,
      ...(route.auth === 'user' ? { security: [{ bearer: [] }, { cookie: [] }] } : { security: [] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.upload
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: [route.upload.field],
                    properties: {
                      [route.upload.field]: { type: 'string', format: 'binary', description: route.upload.description },
                    },
                  },
                },
              },
            },
          }
        : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: input.ref(route.body),
                },
              },
            },
          }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Mentora API',
      version,
      description:
        'The API of Mentora, a learning platform. JSON in and out; ids are opaque strings; timestamps ISO 8601. ' +
        'Every answer has an `X-Request-Id` header, and every error answer is `{message, errors?, requestId}`.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...input.schemas, ...output.schemas },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The `token` of a login or registration answer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'token', description: 'Set by login and registration' },
      },
    },
  };
}
