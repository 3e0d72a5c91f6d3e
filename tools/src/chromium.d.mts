export declare const CHROMIUM_NAMES: readonly string[];
export declare const CHROMIUM_LOCATIONS: readonly string[];
export declare const CHROMIUM_MISSING: string;
export declare function findChromium(env?: NodeJS.ProcessEnv, isExecutable?: (file: string) => boolean): string | null;
