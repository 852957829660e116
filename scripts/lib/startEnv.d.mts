export const SERVER_NODE_FLAGS: string[];
export function startEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
