import { bounded } from "../bounded.js";

/** Which object a request was about, for error messages: the user's view of "what failed". */
export interface ResourceRef {
  readonly token?: string | undefined;
  readonly name?: string | undefined;
  /** The service's id of the object (a product UID, a service id). */
  readonly id?: string | undefined;
}

/** Method and path of a request: never its headers, query secrets or body. */
export interface RequestRef {
  readonly method: string;
  readonly path: string;
}

/** The object a message is about (`token "name" id`), each part cut to a readable length. */
export const named = (resource: ResourceRef | undefined): string =>
  [
    resource?.token,
    resource?.name && `"${bounded(resource.name, MAX_NAME)}"`,
    resource?.id && bounded(resource.id, MAX_NAME),
  ]
    .filter(Boolean)
    .join(" ");

/** The longest name or id a message quotes: it leads the message, and what follows must stay in sight. */
const MAX_NAME = 200;

const describe = (resource: ResourceRef | undefined, request: RequestRef): string => {
  const what = named(resource);
  return `${what ? `${what}: ` : ""}${request.method} ${bounded(request.path, MAX_NAME)}`;
};

/** The service answered with an error. One line: what, which request, status, the service's words, trace id. */
export class ServiceError extends Error {
  override readonly name: string = "ServiceError";
  constructor(
    readonly request: RequestRef,
    readonly status: number,
    readonly serviceMessage: string,
    readonly options: {
      readonly resource?: ResourceRef | undefined;
      readonly code?: string | undefined;
      readonly traceId?: string | undefined;
      /** The server's Retry-After, already capped by the retry policy. */
      readonly retryAfterMs?: number | undefined;
    } = {},
  ) {
    super(
      `${describe(options.resource, request)} failed with ${status}${options.code ? ` ${options.code}` : ""}: ${bounded(serviceMessage)}${options.traceId ? ` (trace id ${options.traceId})` : ""}`,
    );
  }

  get traceId(): string | undefined {
    return this.options.traceId;
  }

  get code(): string | undefined {
    return this.options.code;
  }

  get retryAfterMs(): number | undefined {
    return this.options.retryAfterMs;
  }
}

/** The object does not exist (a 404, or a service's own way of saying so). */
export class NotFoundError extends ServiceError {
  override readonly name = "NotFoundError";
}

/** No answer: the connection failed, dropped or timed out. `mayHaveReachedServer` matters for orders. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(
    readonly request: RequestRef,
    readonly reason: string,
    readonly mayHaveReachedServer: boolean,
    readonly resource?: ResourceRef,
  ) {
    super(`${describe(resource, request)} got no answer: ${bounded(reason)}`);
  }
}
