/** The forms of a generated primitive's name (`weather-card`). */
export interface PrimitiveNames {
  /** `weather-card`: file names, tool/prompt names, URIs. */
  kebab: string;
  /** `WeatherCard`: class names. */
  pascal: string;
  /** `weatherCard`: method names. */
  camel: string;
}

/** The names of `raw` (`weatherCard`, `Weather Card`, `weather_card` all give `weather-card`). */
export function namesOf(raw: string): PrimitiveNames {
  const words = raw
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  if (words.length === 0) throw new Error(`"${raw}" is not a usable name (letters or digits)`);
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return { kebab: words.join('-'), pascal, camel: pascal[0]!.toLowerCase() + pascal.slice(1) };
}
