import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { maskPhone } from '../collect/masks';
import { commandInput } from '../commandInput';
import { accountHolder } from '../currentPatient';
import { ApiError, ok } from '../envelope';
import { sniffImageType } from '../imageType';
import { readMultipartForm } from '../multipartForm';
import { avatarRepository } from '../repositories/avatars';
import type { Patient } from '../repositories/patients';
import { avatarUrl } from '../sandboxUrls';
import { AVATAR_MAX_BYTES, CENTER_CODES } from '../../src/shared/api/centerSchemas';
import type { avatarUploadedSchema, userInfoSchema } from '../../src/shared/api/centerSchemas';
import type * as zm from 'zod/mini';
import { savedEmail } from '../emailRule';
import { requireText, textRefusalMessage } from '../textRule';
import { TEXT_FIELDS } from '../../src/shared/rules/text';

type UserInfoAnswer = zm.input<typeof userInfoSchema>;

const IMAGE_REFUSED = `请上传不超过${AVATAR_MAX_BYTES / 1024 / 1024}MB的JPG、PNG或WebP图片`;

/** A text field, or nothing when the input has none (then the rule's own refusal answers). */
const textField = (name: string) => z.object({ [name]: z.string().optional().catch(undefined) });
const nickNameInput = textField('nickName');
const emailInput = textField('email');

/** The avatar upload: one file part named `file`; a few short text parts are tolerated and ignored. */
const AVATAR_LIMITS = { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 };
/** The whole body: the file, and room for those parts and the multipart framing. */
const AVATAR_BODY_MAX_BYTES = AVATAR_MAX_BYTES + 16 * 1024;

/**
 * V1.0/Center (issue 14, signed in): the patient's record with what they chose (display name,
 * e-mail address, avatar), and changing those. The avatar is served publicly at its own address
 * (routes/sandboxServices.ts), which changes with every upload.
 */
export async function centerRoutes(app: FastifyInstance): Promise<void> {
  const { db, hospitals, patients, publicOrigin } = app.sandbox;
  const avatars = avatarRepository(db);
  await app.register(multipart, { limits: AVATAR_LIMITS });

  function userInfoOf(patient: Patient): UserInfoAnswer {
    const { nickName, email } = patients.profileOf(patient.id);
    const token = avatars.tokenOf(patient.id);
    return {
      patientId: String(patient.id),
      name: patient.name,
      nickName,
      sex: patient.sex === 'O' ? null : patient.sex,
      birthDate: patient.birthDate,
      phoneMasked: patient.phone ? maskPhone(patient.phone) : null,
      email,
      avatarUrl: token === null ? null : avatarUrl(publicOrigin, token),
      hospitalName: hospitals.findById(patient.hospitalId)?.name ?? '',
      studyCount: patients.studyCountOf(patient.id),
    };
  }

  app.get('/V1.0/Center/UserInfo', async (request) => ok(userInfoOf(await accountHolder(request))));

  /** { nickName }: trimmed, by the app's text rule (TEXT_FIELDS.nickName: 1-20 characters, no control or invisible ones), else 4601. */
  app.post('/V1.0/Center/UpdateUser', async (request) => {
    const patient = await accountHolder(request);
    const nickName = requireText(
      TEXT_FIELDS.nickName,
      nickNameInput.parse(commandInput(request)).nickName,
      (problem) => new ApiError(CENTER_CODES.nickNameInvalid, textRefusalMessage('昵称', TEXT_FIELDS.nickName, problem)),
    );
    patients.setNickName(patient.id, nickName);
    return ok(userInfoOf(patient));
  });

  /** { email }: spec section 5's rule, else 4602. The address download links go to (patients.email). */
  app.post('/V1.0/Center/UpdateUserEmail', async (request) => {
    const patient = await accountHolder(request);
    const email = emailInput.parse(commandInput(request)).email ?? '';
    // Empty clears the saved address (decisions.md).
    patients.setEmail(patient.id, savedEmail(email, CENTER_CODES.emailInvalid));
    return ok(userInfoOf(patient));
  });

  /** multipart, part `file`: a JPEG, PNG or WebP (by its bytes) of at most AVATAR_MAX_BYTES, else 4603. */
  app.post('/V1.0/Center/UploadImage', async (request) => {
    const patient = await accountHolder(request);
    const refused = () => new ApiError(CENTER_CODES.imageRefused, IMAGE_REFUSED);
    const { files } = await readMultipartForm(request, refused, { maxBodyBytes: AVATAR_BODY_MAX_BYTES });
    const file = files.find((one) => one.fieldname === 'file');
    const mime = file ? sniffImageType(file.bytes) : null;
    if (!file || !mime) throw refused();
    const token = avatars.replace(patient.id, mime, file.bytes);
    return ok({ avatarUrl: avatarUrl(publicOrigin, token) } satisfies zm.input<typeof avatarUploadedSchema>);
  });
}
