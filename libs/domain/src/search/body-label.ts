const UPPER_CASE_BODIES = new Set(['suv']);

/** Body types are identifiers ('cabChassis', 'suv'); shown as words ('Cab Chassis', 'SUV'). */
export function bodyLabel(value: string): string {
  if (UPPER_CASE_BODIES.has(value.toLowerCase())) return value.toUpperCase();
  if (!/^[a-z]/.test(value)) return value;
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
