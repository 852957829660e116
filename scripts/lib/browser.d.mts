export const CHROMIUM: { executablePath: string; args: string[] };

export const VIEWPORTS: {
  desktop: { viewport: { width: number; height: number } };
  mobile: {
    viewport: { width: number; height: number };
    deviceScaleFactor: number;
    isMobile: boolean;
    hasTouch: boolean;
    userAgent: string;
  };
};
