/** How the reply's JSON is requested; servers that refuse one mode are asked with the next. */
export type ResponseFormatMode = "json_schema" | "json_object" | "none";
export const NEXT_MODE: Record<ResponseFormatMode, ResponseFormatMode | null> = {
  json_schema: "json_object",
  json_object: "none",
  none: null,
};

/**
 * Request parameters a server refused. OpenAI's reasoning models refuse a non-default `temperature`
 * and want `max_completion_tokens` instead of `max_tokens`.
 */
export interface ParamCompat {
  noTemperature?: boolean;
  maxCompletionTokens?: boolean;
}

/**
 * What one client has learnt about its model server: the structured-output mode it accepted and the
 * parameters it refused. Each client has its own (the app makes one client per installation, so it
 * learns once); nothing is shared between apps or tests in one process.
 */
export interface ServerCompat {
  formatMode(): ResponseFormatMode;
  setFormatMode(mode: ResponseFormatMode): void;
  params(): ParamCompat;
  refuseParam(param: keyof ParamCompat): void;
}

export function createServerCompat(): ServerCompat {
  let mode: ResponseFormatMode = "json_schema";
  let params: ParamCompat = {};
  return {
    formatMode: () => mode,
    setFormatMode(next) {
      mode = next;
    },
    params: () => params,
    refuseParam(param) {
      params = { ...params, [param]: true };
    },
  };
}

export function normaliseBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, "");
}
