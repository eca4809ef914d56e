/**
 * The schema, as an ordered list. A database records how many entries it has applied in
 * `PRAGMA user_version`; later work appends entries and never edits applied ones.
 */
export interface Migration {
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'hospitals, patients, studies, reports',
    sql: `
      CREATE TABLE hospitals (
        id                          INTEGER PRIMARY KEY,
        org_code                    TEXT    NOT NULL UNIQUE,
        name                        TEXT    NOT NULL,
        theme                       INTEGER NOT NULL CHECK (theme BETWEEN 1 AND 6),
        logo_url                    TEXT,
        official_account_name       TEXT,
        official_account_follow_url TEXT,
        official_account_qr_url     TEXT,
        service_hours               TEXT    NOT NULL,
        created_at                  TEXT    NOT NULL
      );

      CREATE TABLE hospital_modules (
        hospital_id INTEGER NOT NULL REFERENCES hospitals (id) ON DELETE CASCADE,
        module_key  TEXT    NOT NULL,
        enabled     INTEGER NOT NULL CHECK (enabled IN (0, 1)),
        PRIMARY KEY (hospital_id, module_key)
      );

      CREATE TABLE patients (
        id                INTEGER PRIMARY KEY,
        hospital_id       INTEGER NOT NULL REFERENCES hospitals (id),
        login_name        TEXT    NOT NULL UNIQUE,
        name              TEXT    NOT NULL,
        sex               TEXT    NOT NULL CHECK (sex IN ('M', 'F', 'O')),
        birth_date        TEXT    NOT NULL,
        phone             TEXT    NOT NULL,
        national_id       TEXT    NOT NULL UNIQUE,
        medical_record_no TEXT    NOT NULL,
        created_at        TEXT    NOT NULL
      );

      CREATE TABLE studies (
        id                INTEGER PRIMARY KEY,
        patient_id        INTEGER NOT NULL REFERENCES patients (id),
        hospital_id       INTEGER NOT NULL REFERENCES hospitals (id),
        study_uid         TEXT    NOT NULL UNIQUE,
        accession_number  TEXT    NOT NULL UNIQUE,
        modality          TEXT    NOT NULL,
        study_date        TEXT    NOT NULL,
        study_time        TEXT    NOT NULL,
        body_part         TEXT    NOT NULL,
        study_description TEXT    NOT NULL,
        patient_age       TEXT    NOT NULL,
        created_at        TEXT    NOT NULL
      );
      CREATE INDEX studies_by_patient_date ON studies (patient_id, study_date DESC, study_time DESC, id DESC);

      CREATE TABLE reports (
        id          INTEGER PRIMARY KEY,
        study_id    INTEGER NOT NULL UNIQUE REFERENCES studies (id) ON DELETE CASCADE,
        status      TEXT    NOT NULL CHECK (status IN ('preliminary', 'final')),
        findings    TEXT    NOT NULL,
        impression  TEXT    NOT NULL,
        reported_by TEXT    NOT NULL,
        reported_at TEXT    NOT NULL,
        reviewed_by TEXT,
        reviewed_at TEXT
      );

      CREATE TABLE report_sync_status (
        patient_id   INTEGER PRIMARY KEY REFERENCES patients (id) ON DELETE CASCADE,
        synced       INTEGER NOT NULL CHECK (synced IN (0, 1)),
        last_sync_at TEXT
      );
    `,
  },
  {
    name: 'sign-in: patient passwords, the identity provider\'s artifacts and secrets',
    sql: `
      -- A salted scrypt hash (server/passwords.ts); NULL means the patient cannot sign in yet.
      ALTER TABLE patients ADD COLUMN password_hash TEXT;

      -- oidc-provider's sessions, grants, codes, tokens and interactions (server/oidc/sqliteAdapter.ts).
      CREATE TABLE oidc_artifacts (
        model       TEXT    NOT NULL,
        id          TEXT    NOT NULL,
        payload     TEXT    NOT NULL,
        grant_id    TEXT,
        account_id  TEXT,
        uid         TEXT,
        user_code   TEXT,
        expires_at  INTEGER,
        consumed_at INTEGER,
        PRIMARY KEY (model, id)
      );
      CREATE INDEX oidc_artifacts_by_grant ON oidc_artifacts (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX oidc_artifacts_by_account ON oidc_artifacts (account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX oidc_artifacts_by_uid ON oidc_artifacts (model, uid) WHERE uid IS NOT NULL;
      CREATE INDEX oidc_artifacts_by_user_code ON oidc_artifacts (model, user_code) WHERE user_code IS NOT NULL;
      CREATE INDEX oidc_artifacts_by_expiry ON oidc_artifacts (expires_at) WHERE expires_at IS NOT NULL;

      -- Signing keys and cookie keys, made on first start and kept so sessions survive a restart.
      CREATE TABLE oidc_secrets (
        name       TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    name: 'AI analysis orders and their payments',
    sql: `
      -- An AI analysis order of one study. id is the check record id the pay calls name; order_no
      -- is the order number the list shows. Status (spec section 4): 0 queued, 1 analysing, 2 to be
      -- paid, 3 succeeded, 4 analysis failed, 5 closed. Amounts are whole fen, never floats.
      CREATE TABLE ai_orders (
        id          INTEGER PRIMARY KEY,
        order_no    TEXT    NOT NULL UNIQUE,
        patient_id  INTEGER NOT NULL REFERENCES patients (id),
        study_id    INTEGER NOT NULL REFERENCES studies (id),
        item        TEXT    NOT NULL,
        charge_fen  INTEGER NOT NULL CHECK (charge_fen >= 0),
        check_way   INTEGER NOT NULL CHECK (check_way IN (1, 2)),
        status      INTEGER NOT NULL CHECK (status BETWEEN 0 AND 5),
        ordered_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
      );
      CREATE INDEX ai_orders_by_patient_time ON ai_orders (patient_id, ordered_at DESC, id DESC);

      -- One attempt to pay an order, kept for the audit trail. Pay way 1 is WeChat in-app (it has a
      -- prepay id), 2 the H5 page. A pending attempt settles once: paid, cancelled or failed.
      CREATE TABLE payments (
        id              INTEGER PRIMARY KEY,
        record_no       TEXT    NOT NULL UNIQUE,
        prepay_id       TEXT    UNIQUE,
        check_record_id INTEGER NOT NULL REFERENCES ai_orders (id),
        order_id        TEXT    NOT NULL REFERENCES ai_orders (order_no),
        patient_id      INTEGER NOT NULL REFERENCES patients (id),
        way             INTEGER NOT NULL CHECK (way IN (1, 2)),
        amount_fen      INTEGER NOT NULL CHECK (amount_fen >= 0),
        state           TEXT    NOT NULL CHECK (state IN ('pending', 'paid', 'cancelled', 'failed')),
        created_at      TEXT    NOT NULL,
        settled_at      TEXT,
        CHECK ((state = 'pending') = (settled_at IS NULL))
      );
      CREATE INDEX payments_by_order ON payments (check_record_id);
      -- No double charge: at most one attempt under way per order.
      CREATE UNIQUE INDEX payments_one_pending_per_order ON payments (check_record_id) WHERE state = 'pending';
    `,
  },
  {
    name: 'analytics records: the audit trail and product events the app sends',
    sql: `
      -- One record as the app sent it (src/shared/analytics/records.ts); id is the client's idempotency key.
      -- The columns copy what auditors search and sort by; body keeps the whole record. user_id is
      -- what the client says; received_for is the login name the bearer token proved. at is
      -- normalised to toISOString() so text order is time order. Ties keep insertion (rowid) order.
      CREATE TABLE analytics_records (
        id              TEXT    PRIMARY KEY,
        kind            TEXT    NOT NULL CHECK (kind IN ('audit', 'event')),
        at              TEXT    NOT NULL,
        seq             INTEGER NOT NULL,
        device_id       TEXT    NOT NULL,
        user_id         TEXT,
        order_id        TEXT,
        check_record_id INTEGER,
        machine         TEXT,
        event           TEXT,
        from_state      TEXT,
        to_state        TEXT,
        status_code     INTEGER,
        name            TEXT,
        body            TEXT    NOT NULL,
        received_at     TEXT    NOT NULL,
        received_for    TEXT    NOT NULL
      );
      CREATE INDEX analytics_records_by_order ON analytics_records (order_id) WHERE order_id IS NOT NULL;
      CREATE INDEX analytics_records_by_check_record ON analytics_records (check_record_id) WHERE check_record_id IS NOT NULL;
    `,
  },
  {
    name: 'departments, study storage, my films, per-study report sync, printed reports',
    sql: `
      -- The hospital's departments; a study names the one that performed it (V1.0/Common/DeptNames).
      CREATE TABLE departments (
        hospital_id INTEGER NOT NULL REFERENCES hospitals (id) ON DELETE CASCADE,
        code        TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        PRIMARY KEY (hospital_id, code)
      );
      ALTER TABLE studies ADD COLUMN dept_code TEXT;

      -- The last day (YYYY-MM-DD, China time) the study's images are kept online: the free period,
      -- or later once storage is bought. NULL until the seed (server/seed.ts) gives it one.
      ALTER TABLE studies ADD COLUMN storage_expires_on TEXT;

      -- My films (V1.0/Package/list): the studies a patient collected. Deleting one forgets the
      -- collection, never the study.
      CREATE TABLE film_collections (
        id           INTEGER PRIMARY KEY,
        patient_id   INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        study_id     INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        collected_at TEXT    NOT NULL,
        UNIQUE (patient_id, study_id)
      );
      CREATE INDEX film_collections_by_patient_time ON film_collections (patient_id, collected_at DESC, id DESC);

      -- Whether the hospital's report of one study has reached the cloud-film service, and when
      -- the service last asked (report_sync_status above is the per-patient answer).
      CREATE TABLE study_report_sync (
        study_id     INTEGER PRIMARY KEY REFERENCES studies (id) ON DELETE CASCADE,
        synced       INTEGER NOT NULL CHECK (synced IN (0, 1)),
        last_sync_at TEXT
      );

      -- The printed report is an image the sandbox renders at /sandbox/reports/<print_id>.svg. An
      -- <img> sends no bearer token, so the address itself must be unguessable. NULL until the
      -- seed or the writer of the report gives it one.
      ALTER TABLE reports ADD COLUMN print_id TEXT;
      CREATE UNIQUE INDEX reports_by_print_id ON reports (print_id);
    `,
  },
  {
    name: 'collecting, study passes, packaged downloads, e-mail and SMS outboxes, shares (issue 13)',
    sql: `
      -- The e-mail address a patient keeps for download links (v2/FilmDown/UpdateEmail).
      ALTER TABLE patients ADD COLUMN email TEXT;

      -- An image code (V1.0/Package/imagecode): answered once, before it expires.
      CREATE TABLE captchas (
        id         TEXT PRIMARY KEY,
        answer     TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at    TEXT
      );

      -- One verification by SMS code: who was identified (by national ID, or name and phone), the
      -- code last sent, how often it was sent, wrong tries, and when it was passed. bag_study_id is
      -- the study the film bag's code named, when the patient came from one.
      CREATE TABLE verifications (
        id              TEXT    PRIMARY KEY,
        method          TEXT    NOT NULL CHECK (method IN ('nationalId', 'namePhone')),
        patient_id      INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        phone           TEXT    NOT NULL,
        bag_study_id    INTEGER REFERENCES studies (id) ON DELETE SET NULL,
        code            TEXT    NOT NULL,
        code_expires_at TEXT    NOT NULL,
        sends           INTEGER NOT NULL CHECK (sends >= 1),
        last_sent_at    TEXT    NOT NULL,
        wrong_attempts  INTEGER NOT NULL DEFAULT 0,
        locked_until    TEXT,
        verified_at     TEXT,
        created_at      TEXT    NOT NULL
      );

      -- Every SMS the sandbox "sends"; the log shows it and, in test mode, /sandbox/test/sms reads it.
      CREATE TABLE sms_outbox (
        id      INTEGER PRIMARY KEY,
        phone   TEXT NOT NULL,
        text    TEXT NOT NULL,
        code    TEXT,
        sent_at TEXT NOT NULL
      );
      CREATE INDEX sms_outbox_by_phone ON sms_outbox (phone, id DESC);

      -- A share of one study: a public code for the link, an access code to open it, an expiry,
      -- and revocation. The server refuses an expired or revoked share.
      CREATE TABLE shares (
        id              INTEGER PRIMARY KEY,
        code            TEXT    NOT NULL UNIQUE,
        access_code     TEXT    NOT NULL,
        patient_id      INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        study_id        INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        days            INTEGER NOT NULL CHECK (days > 0),
        expires_at      TEXT    NOT NULL,
        revoked_at      TEXT,
        open_count      INTEGER NOT NULL DEFAULT 0,
        last_opened_at  TEXT,
        wrong_codes     INTEGER NOT NULL DEFAULT 0,
        created_at      TEXT    NOT NULL
      );
      CREATE INDEX shares_by_patient_time ON shares (patient_id, created_at DESC, id DESC);

      -- A study pass: what someone who is not signed in may read. A passed SMS verification gives
      -- one over the identified patient's studies (scope collect); an opened share, over the shared
      -- study, read-only (scope share). Only the token's SHA-256 is kept.
      CREATE TABLE study_passes (
        token_hash TEXT    PRIMARY KEY,
        scope      TEXT    NOT NULL CHECK (scope IN ('collect', 'share')),
        patient_id INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        share_id   INTEGER REFERENCES shares (id) ON DELETE CASCADE,
        expires_at TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        CHECK ((scope = 'share') = (share_id IS NOT NULL))
      );
      CREATE TABLE study_pass_studies (
        token_hash TEXT    NOT NULL REFERENCES study_passes (token_hash) ON DELETE CASCADE,
        study_id   INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        PRIMARY KEY (token_hash, study_id)
      );

      -- A packaging job: a ZIP of the study's DICOM files with a DICOMDIR, or of JPEG renderings,
      -- desensitized or not. download_token makes the unguessable download address.
      CREATE TABLE package_tasks (
        id             INTEGER PRIMARY KEY,
        patient_id     INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        study_id       INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        format         TEXT    NOT NULL CHECK (format IN ('dicom', 'jpeg')),
        desensitize    INTEGER NOT NULL CHECK (desensitize IN (0, 1)),
        state          TEXT    NOT NULL CHECK (state IN ('queued', 'packing', 'ready', 'failed')),
        progress       INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        file_name      TEXT,
        size_bytes     INTEGER,
        download_token TEXT    NOT NULL UNIQUE,
        failure        TEXT,
        email          TEXT,
        created_at     TEXT    NOT NULL,
        updated_at     TEXT    NOT NULL,
        ready_at       TEXT,
        expires_at     TEXT
      );
      CREATE INDEX package_tasks_by_study ON package_tasks (patient_id, study_id, id DESC);

      -- Each time a package was fetched, and how: in the app, by a copied link, or from an e-mail.
      CREATE TABLE download_records (
        id            INTEGER PRIMARY KEY,
        task_id       INTEGER NOT NULL REFERENCES package_tasks (id) ON DELETE CASCADE,
        patient_id    INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        via           TEXT    NOT NULL CHECK (via IN ('app', 'link', 'email')),
        downloaded_at TEXT    NOT NULL
      );
      CREATE INDEX download_records_by_patient_time ON download_records (patient_id, downloaded_at DESC, id DESC);

      -- Every e-mail the sandbox "sends"; in test mode /sandbox/test/outbox reads it.
      CREATE TABLE email_outbox (
        id          INTEGER PRIMARY KEY,
        to_address  TEXT    NOT NULL,
        subject     TEXT    NOT NULL,
        body        TEXT    NOT NULL,
        task_id     INTEGER REFERENCES package_tasks (id) ON DELETE SET NULL,
        sent_at     TEXT    NOT NULL
      );
    `,
  },
  {
    name: 'storage orders, payments of either kind, AI channels and failure reasons, the personal centre, feedback (issue 14)',
    sql: `
      -- A storage plan bought for one study (V1.0/Image/submmit). id is the check record id the pay
      -- calls name. Status: 2 to be paid, 3 paid, 5 closed. expires_on is the storage end the order
      -- bought, set when it is paid. At most one order to be paid per study.
      CREATE TABLE storage_orders (
        id          INTEGER PRIMARY KEY,
        order_no    TEXT    NOT NULL UNIQUE,
        patient_id  INTEGER NOT NULL REFERENCES patients (id),
        study_id    INTEGER NOT NULL REFERENCES studies (id),
        plan_id     TEXT    NOT NULL,
        plan_name   TEXT    NOT NULL,
        months      INTEGER NOT NULL CHECK (months > 0),
        charge_fen  INTEGER NOT NULL CHECK (charge_fen >= 0),
        status      INTEGER NOT NULL CHECK (status IN (2, 3, 5)),
        expires_on  TEXT,
        ordered_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
      );
      CREATE INDEX storage_orders_by_patient_time ON storage_orders (patient_id, ordered_at DESC, id DESC);
      CREATE UNIQUE INDEX storage_orders_one_to_be_paid_per_study ON storage_orders (study_id) WHERE status = 2;

      -- Payments pay either kind of order now: order_kind says which table check_record_id names.
      CREATE TABLE payments_of_orders (
        id              INTEGER PRIMARY KEY,
        record_no       TEXT    NOT NULL UNIQUE,
        prepay_id       TEXT    UNIQUE,
        order_kind      TEXT    NOT NULL CHECK (order_kind IN ('ai', 'storage')),
        check_record_id INTEGER NOT NULL,
        order_id        TEXT    NOT NULL,
        patient_id      INTEGER NOT NULL REFERENCES patients (id),
        way             INTEGER NOT NULL CHECK (way IN (1, 2)),
        amount_fen      INTEGER NOT NULL CHECK (amount_fen >= 0),
        state           TEXT    NOT NULL CHECK (state IN ('pending', 'paid', 'cancelled', 'failed')),
        created_at      TEXT    NOT NULL,
        settled_at      TEXT,
        CHECK ((state = 'pending') = (settled_at IS NULL))
      );
      INSERT INTO payments_of_orders
        SELECT id, record_no, prepay_id, 'ai', check_record_id, order_id, patient_id, way, amount_fen, state, created_at, settled_at
          FROM payments;
      DROP TABLE payments;
      ALTER TABLE payments_of_orders RENAME TO payments;
      CREATE INDEX payments_by_order ON payments (order_kind, check_record_id);
      -- No double charge: at most one attempt under way per order.
      CREATE UNIQUE INDEX payments_one_pending_per_order ON payments (order_kind, check_record_id) WHERE state = 'pending';

      -- The AI service an order was placed with (V1.0/AI/channelList), and why an analysis failed.
      ALTER TABLE ai_orders ADD COLUMN channel_id TEXT;
      ALTER TABLE ai_orders ADD COLUMN failure_reason TEXT;

      -- What the patient chooses in the personal centre: a display name and an avatar.
      ALTER TABLE patients ADD COLUMN nick_name TEXT;
      CREATE TABLE avatars (
        patient_id INTEGER PRIMARY KEY REFERENCES patients (id) ON DELETE CASCADE,
        token      TEXT    NOT NULL UNIQUE,
        mime       TEXT    NOT NULL,
        bytes      BLOB    NOT NULL,
        updated_at TEXT    NOT NULL
      );

      -- Who follows the hospital's official account (V1.0/WeChat/GetUserScribeGZHTag).
      CREATE TABLE official_account_followers (
        patient_id  INTEGER PRIMARY KEY REFERENCES patients (id) ON DELETE CASCADE,
        followed_at TEXT    NOT NULL
      );

      -- Where the hospital is, for the map; and its demo study anyone may open (experience).
      ALTER TABLE hospitals ADD COLUMN address TEXT;
      ALTER TABLE hospitals ADD COLUMN latitude REAL;
      ALTER TABLE hospitals ADD COLUMN longitude REAL;
      ALTER TABLE hospitals ADD COLUMN experience_study_id INTEGER REFERENCES studies (id);

      -- Feedback (V1.0/HelpSupport/SubmitFeedback); client_id makes a retried send one feedback.
      CREATE TABLE feedback (
        id          INTEGER PRIMARY KEY,
        client_id   TEXT    NOT NULL UNIQUE,
        patient_id  INTEGER REFERENCES patients (id) ON DELETE SET NULL,
        type_id     TEXT,
        content     TEXT    NOT NULL,
        contact     TEXT,
        received_at TEXT    NOT NULL
      );
      CREATE TABLE feedback_images (
        feedback_id INTEGER NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 8),
        mime        TEXT    NOT NULL,
        bytes       BLOB    NOT NULL,
        PRIMARY KEY (feedback_id, position)
      );
    `,
  },
  {
    name: 'the demo study\'s passes, read-only like a share\'s (issue 14)',
    sql: `
      -- V1.0/Package/ExperiencePass hands anyone a pass over the hospital's demo study (scope
      -- experience): it reads the study and takes nothing away (no downloads, no e-mail). SQLite
      -- cannot change a CHECK in place, so both pass tables are rebuilt; renaming the new passes
      -- table updates the new studies table's reference to it.
      CREATE TABLE study_passes_v2 (
        token_hash TEXT    PRIMARY KEY,
        scope      TEXT    NOT NULL CHECK (scope IN ('collect', 'share', 'experience')),
        patient_id INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        share_id   INTEGER REFERENCES shares (id) ON DELETE CASCADE,
        expires_at TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        CHECK ((scope = 'share') = (share_id IS NOT NULL))
      );
      CREATE TABLE study_pass_studies_v2 (
        token_hash TEXT    NOT NULL REFERENCES study_passes_v2 (token_hash) ON DELETE CASCADE,
        study_id   INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        PRIMARY KEY (token_hash, study_id)
      );
      INSERT INTO study_passes_v2 SELECT token_hash, scope, patient_id, share_id, expires_at, created_at FROM study_passes;
      INSERT INTO study_pass_studies_v2 SELECT token_hash, study_id FROM study_pass_studies;
      DROP TABLE study_pass_studies;
      DROP TABLE study_passes;
      ALTER TABLE study_passes_v2 RENAME TO study_passes;
      ALTER TABLE study_pass_studies_v2 RENAME TO study_pass_studies;
    `,
  },
  {
    name: 'study passes by expiry, for sweeping the expired ones',
    sql: `
      -- Issuing a pass deletes every expired one (repositories/studyPasses.ts), so the public
      -- experience pass cannot grow the table without bound; the index spares that delete a scan.
      CREATE INDEX study_passes_by_expiry ON study_passes (expires_at);
    `,
  },
  {
    name: 'abuse limits, staff accounts with roles, the server\'s own audit trail, image codes bound to what they opened (issue 22)',
    sql: `
      -- Every rate limit (server/rateLimit.ts): one row per bucket (a limit and a hashed key: a
      -- client, a phone number, an account), holding the limit's "theoretical arrival time" in ms
      -- (GCRA): the bucket is full while it lies more than the limit's window ahead of now.
      CREATE TABLE rate_limits (
        bucket TEXT    PRIMARY KEY,
        tat_ms INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX rate_limits_by_time ON rate_limits (tat_ms);

      -- People who sign in at the provider but are not patients: auditors read the audit trail.
      CREATE TABLE staff_accounts (
        id            INTEGER PRIMARY KEY,
        login_name    TEXT    NOT NULL UNIQUE,
        name          TEXT    NOT NULL,
        role          TEXT    NOT NULL CHECK (role IN ('auditor')),
        password_hash TEXT,
        created_at    TEXT    NOT NULL
      );

      -- What the sandbox itself did with money and orders (created, pay asked, provider told,
      -- pay result answered, cancelled), written by the server, never by a client: the trail an
      -- auditor can trust. Append-only, like the records the app sends.
      CREATE TABLE server_audit (
        id              INTEGER PRIMARY KEY,
        at              TEXT    NOT NULL,
        order_kind      TEXT    NOT NULL CHECK (order_kind IN ('ai', 'storage')),
        order_no        TEXT    NOT NULL,
        check_record_id INTEGER NOT NULL,
        step            TEXT    NOT NULL,
        actor           TEXT    NOT NULL,
        detail          TEXT    NOT NULL
      );
      CREATE INDEX server_audit_by_order ON server_audit (order_no);
      CREATE TRIGGER server_audit_append_only_update BEFORE UPDATE ON server_audit
        BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
      CREATE TRIGGER server_audit_append_only_delete BEFORE DELETE ON server_audit
        BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
      CREATE TRIGGER analytics_append_only_update BEFORE UPDATE ON analytics_records
        BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
      CREATE TRIGGER analytics_append_only_delete BEFORE DELETE ON analytics_records
        BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;

      -- An image code answered right opens lookups of one target (a national ID, a name and phone,
      -- a film bag), and the SMS it leads to, for the rest of its short life: a hash of that target.
      ALTER TABLE captchas ADD COLUMN answered_for TEXT;
    `,
  },
  {
    name: 'the hospital\'s service telephone number, to call from the app (issue 24)',
    sql: `
      -- Shown as a tap-to-call link beside the service hours; NULL: the hospital gives none.
      ALTER TABLE hospitals ADD COLUMN service_phone TEXT;
    `,
  },
  {
    name: 'studies whose images another archive holds (issue 25: CF_PACS_URL, server/archives/)',
    sql: `
      -- A study imported from a real archive: its images are that archive's, never the sandbox's
      -- phantoms. archive names the archive ('pacs'); removing the study forgets the row.
      CREATE TABLE archive_studies (
        study_id INTEGER PRIMARY KEY REFERENCES studies (id) ON DELETE CASCADE,
        archive  TEXT    NOT NULL
      );
    `,
  },
  {
    name: 'who waits for a report, the reports they have not read, and official-account messages (issue 27 §5)',
    sql: `
      -- A signed-in patient asked about a report that had not reached the service (the film detail
      -- checks, "check again"): when it arrives they are told, and the study card shows it as new.
      CREATE TABLE report_waiters (
        study_id   INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        patient_id INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        asked_at   TEXT    NOT NULL,
        PRIMARY KEY (study_id, patient_id)
      );
      -- A report that arrived for a patient who waited, until they read it.
      CREATE TABLE unread_reports (
        study_id   INTEGER NOT NULL REFERENCES studies (id) ON DELETE CASCADE,
        patient_id INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        arrived_at TEXT    NOT NULL,
        PRIMARY KEY (study_id, patient_id)
      );
      -- The hospital's official-account messages the sandbox "sent" (it sends none: it keeps them).
      CREATE TABLE official_account_messages (
        id         INTEGER PRIMARY KEY,
        patient_id INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        title      TEXT    NOT NULL,
        body       TEXT    NOT NULL,
        link       TEXT    NOT NULL,
        sent_at    TEXT    NOT NULL
      );
      CREATE INDEX official_account_messages_by_patient ON official_account_messages (patient_id, id DESC);
    `,
  },
  {
    name: 'who opened a share, and whether its owner is told (issue 27 §4)',
    sql: `
      -- Each try at a share's access code: when, from what kind of device, and whether the code was
      -- right. The owner reads them in the share list; a share's removal forgets them.
      CREATE TABLE share_openings (
        id         INTEGER PRIMARY KEY,
        share_id   INTEGER NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
        opened_at  TEXT    NOT NULL,
        device     TEXT    NOT NULL,
        code_right INTEGER NOT NULL CHECK (code_right IN (0, 1))
      );
      CREATE INDEX share_openings_by_share ON share_openings (share_id, id DESC);
      -- The owner is told of each opening unless they switched it off for that share; told at most
      -- once in a quiet period (server/shareNotices.ts), so whoever holds the link cannot flood them.
      ALTER TABLE shares ADD COLUMN notify_openings INTEGER NOT NULL DEFAULT 1 CHECK (notify_openings IN (0, 1));
      ALTER TABLE shares ADD COLUMN last_notice_at TEXT;
    `,
  },
  {
    name: 'sign-in and password reset by SMS code at the identity provider (issue 27 §6)',
    sql: `
      -- One SMS code asked for at the provider's sign-in page, to sign in or to set a new password.
      -- login_name is the patient the number belongs to, NULL when it belongs to no one (no code is
      -- sent, but the page answers alike); interaction_uid binds it to the sign-in it was asked in.
      CREATE TABLE sign_in_codes (
        id              TEXT    PRIMARY KEY,
        purpose         TEXT    NOT NULL CHECK (purpose IN ('signIn', 'reset')),
        interaction_uid TEXT    NOT NULL,
        phone           TEXT    NOT NULL,
        login_name      TEXT,
        code            TEXT    NOT NULL,
        code_expires_at TEXT    NOT NULL,
        used_at         TEXT,
        created_at      TEXT    NOT NULL
      );
      CREATE INDEX sign_in_codes_by_phone ON sign_in_codes (phone);
    `,
  },
  {
    name: 'family members a patient acts for (issue 27 §2)',
    sql: `
      -- A patient (owner) who proved a family member's identity (their national ID and an SMS code
      -- to their phone) acts for them: every call with X-Family-Member is checked against this row,
      -- so removing it ends the access at once.
      CREATE TABLE family_members (
        owner_id   INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        member_id  INTEGER NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        relation   TEXT    NOT NULL CHECK (relation IN ('parent', 'child', 'spouse', 'other')),
        added_at   TEXT    NOT NULL,
        PRIMARY KEY (owner_id, member_id),
        CHECK (owner_id <> member_id)
      );
    `,
  },
];
