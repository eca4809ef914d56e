import type { SqliteDatabase } from '../db';

export interface Hospital {
  id: number;
  orgCode: string;
  name: string;
  theme: number;
  logoUrl: string | null;
  officialAccountName: string | null;
  officialAccountFollowUrl: string | null;
  officialAccountQrUrl: string | null;
  serviceHours: string;
  /** The service telephone number patients may call in the service hours, or null. */
  servicePhone: string | null;
  /** Where the hospital is, for the map: GCJ-02 coordinates, as Chinese maps use. */
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The demo study anyone may open without signing in (V1.0/Package/ExperiencePass), or null. */
  experienceStudyId: number | null;
  modules: Record<string, boolean>;
}

interface HospitalRow {
  id: number;
  org_code: string;
  name: string;
  theme: number;
  logo_url: string | null;
  official_account_name: string | null;
  official_account_follow_url: string | null;
  official_account_qr_url: string | null;
  service_hours: string;
  service_phone: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  experience_study_id: number | null;
}

export function hospitalRepository(db: SqliteDatabase) {
  const byOrgCode = db.prepare<[string], HospitalRow>('SELECT * FROM hospitals WHERE org_code = ?');
  const byId = db.prepare<[number], HospitalRow>('SELECT * FROM hospitals WHERE id = ?');
  const setModule = db.prepare<[number, string, number]>(`
    INSERT INTO hospital_modules (hospital_id, module_key, enabled) VALUES (?, ?, ?)
    ON CONFLICT (hospital_id, module_key) DO UPDATE SET enabled = excluded.enabled`);
  const modulesOf = db.prepare<[number], { module_key: string; enabled: number }>(
    'SELECT module_key, enabled FROM hospital_modules WHERE hospital_id = ? ORDER BY rowid',
  );

  function toHospital(row: HospitalRow): Hospital {
    const modules: Record<string, boolean> = {};
    for (const { module_key, enabled } of modulesOf.all(row.id)) modules[module_key] = enabled === 1;
    return {
      id: row.id,
      orgCode: row.org_code,
      name: row.name,
      theme: row.theme,
      logoUrl: row.logo_url,
      officialAccountName: row.official_account_name,
      officialAccountFollowUrl: row.official_account_follow_url,
      officialAccountQrUrl: row.official_account_qr_url,
      serviceHours: row.service_hours,
      servicePhone: row.service_phone,
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      experienceStudyId: row.experience_study_id,
      modules,
    };
  }

  return {
    findByOrgCode(orgCode: string): Hospital | undefined {
      const row = byOrgCode.get(orgCode);
      return row && toHospital(row);
    },

    findById(id: number): Hospital | undefined {
      const row = byId.get(id);
      return row && toHospital(row);
    },

    /** Switches one module of the hospital setting on or off. */
    setModule(hospitalId: number, moduleKey: string, enabled: boolean): void {
      setModule.run(hospitalId, moduleKey, enabled ? 1 : 0);
    },
  };
}

export type HospitalRepository = ReturnType<typeof hospitalRepository>;
