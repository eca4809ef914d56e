import { HOSPITAL_MODULES, type HospitalModule } from '../api/studySchemas';
import { useClientState } from '../services';

/**
 * The hospital setting's module switches, the one place they are read: a module is on unless the
 * setting switches it off (a setting that predates a module keeps it, as before).
 */
export function modulesOf(switches: Readonly<Record<string, boolean>> | undefined): Record<HospitalModule, boolean> {
  return Object.fromEntries(HOSPITAL_MODULES.map((key) => [key, switches?.[key] !== false])) as Record<HospitalModule, boolean>;
}

export function useModules(): Record<HospitalModule, boolean> {
  return modulesOf(useClientState((state) => state.hospitalSetting?.modules));
}
