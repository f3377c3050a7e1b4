/** A signed-in device as a person would name it: its browser and its operating system. */
export interface DeviceDescription {
  browser?: string;
  os?: string;
}

/** First match wins: Edge, Opera, Samsung Internet and Yandex also say "Chrome", Chrome also says "Safari". */
const browsers: [RegExp, string][] = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPT|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** The browser and operating system named in a User-Agent header, as far as they can be told. */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return {};
  const browser = firstMatch(userAgent, browsers);
  const os = firstMatch(userAgent, systems);
  return { ...(browser ? { browser } : {}), ...(os ? { os } : {}) };
}
