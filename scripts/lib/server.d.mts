export const SERVER_ENTRY: string;
export function serverBuildIsCurrent(): boolean;
