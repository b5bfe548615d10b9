/**
 * Domain errors thrown by services. The app's single error handler maps them to HTTP;
 * `code` becomes the JSON body's `error`, `message` is written for a person.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, code = 'bad_request') {
    super(400, code, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign in to do this.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

export class GoneError extends DomainError {
  constructor(message: string, code = 'gone') {
    super(410, code, message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

export class RangeNotSatisfiableError extends DomainError {
  constructor(
    message: string,
    readonly size: number,
  ) {
    super(416, 'range_not_satisfiable', message);
  }
}
