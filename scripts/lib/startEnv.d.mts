export function startEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
