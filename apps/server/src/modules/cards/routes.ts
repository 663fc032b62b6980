import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_IMAGE_MAX_BYTES,
  CARD_IMPORT_MAX_BYTES,
  Card,
  CardCreateBody,
  CardExportQuery,
  CardGrant,
  CardGrantBody,
  CardGrantParams,
  CardGrantsBody,
  CardGroup,
  CardGroupCreateBody,
  CardGroupRenameBody,
  CardGroupsBody,
  CardImportQuery,
  CardImportReport,
  CardListQuery,
  CardUpdateBody,
  CaseLogEntry,
  CaseLogQuery,
  ErrorResponse,
  IdParam,
  OkResponse,
  baseFileName,
  dataOf,
  listOf,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { readUpload } from '../../lib/tableFile.ts';
import { bearerSecurity, requireStaff, serviceContext } from '../../plugins/auth.ts';
import { malformedText } from '../../plugins/validation.ts';
import { presentLogEntry } from '../cases/presenter.ts';
import { importCards } from './import.ts';
import { presentCard, presentCardGroup } from './presenter.ts';
import * as service from './service.ts';

const base = '/api/internal/v1/cards';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const OK = { data: { ok: true as const } };

/** Reads the photo (field `file`) straight into the file store; anything refused after is removed again. */
async function receiveImage(request: FastifyRequest, ctx: ServiceContext) {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING');
  let stored: service.StoredImage | null = null;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError('FILE_MISSING', {
            message: `Send the photo in the field "file", not "${part.fieldname}"`,
          });
        }
        const filename = baseFileName(part.filename);
        const malformed = malformedText({ file: { filename } }, 'body');
        if (malformed.length > 0) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', { details: malformed });
        }
        stored = await service.storeImage(ctx, part.file, filename);
        if (part.file.truncated) {
          throw new AppError('CARD_IMAGE_TOO_LARGE', { details: { max_bytes: CARD_IMAGE_MAX_BYTES } });
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('CARD_IMAGE_TOO_LARGE', { details: { max_bytes: CARD_IMAGE_MAX_BYTES } });
      }
      if (code === 'FST_FILES_LIMIT') throw new AppError('FILE_MISSING', { message: 'Send one file only' });
      throw new AppError('BAD_REQUEST', { message: 'The upload could not be read' });
    }
    if (!stored) throw new AppError('FILE_MISSING');
    return stored;
  } catch (err) {
    if (stored) await service.discardImage(ctx, (stored as service.StoredImage).key);
    throw err;
  }
}

/**
 * The business-card book (SPEC section 7 "Cards", issue 11): cards, their groups, their per-employee
 * permissions, the photo of the paper card, import (CSV, XLSX, vCard) and export (vCard). Every
 * staff role uses it; which cards each one sees is decided per card in the service.
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies. One byte over the photo's
  // limit is let through to the store, which counts it and refuses the upload (413).
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(CARD_IMAGE_MAX_BYTES, CARD_IMPORT_MAX_BYTES) + 1,
      files: 1,
      fields: 5,
      parts: 10,
    },
  });
  const use = { onRequest: requireStaff('cards.use') };
  const schema = { tags: ['cards'], security: bearerSecurity };

  app.get(
    base,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'listCards',
        summary:
          'The cards the caller may read (their own, those granted to them; admin all): all=1 or paging, sort, ' +
          'q (a part of the name, company, an email or a phone), tag, group_id',
        querystring: CardListQuery,
        response: { 200: listOf(Card), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.listCards(serviceContext(request), request.query);
      return { data: { result: rows.map((r) => presentCard({ view: r.view, access: r.access })), count } };
    },
  );

  app.post(
    base,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'createCard',
        summary: 'Create a card (the caller owns it); group_ids puts it in groups at once',
        body: CardCreateBody,
        response: { 200: dataOf(Card), ...errors },
      },
    },
    async (request) => ({
      data: presentCard(await service.createCard(serviceContext(request), request.body)),
    }),
  );

  app.get(
    `${base}/groups`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'listCardGroups',
        summary: 'Every card group, by name (groups are the firm’s, shared by all staff)',
        response: { 200: listOf(CardGroup), ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const rows = await service.listCardGroups(ctx);
      const actor = staffActor(ctx);
      return { data: { result: rows.map((r) => presentCardGroup(r, actor)), count: rows.length } };
    },
  );

  app.post(
    `${base}/groups`,
    {
      onRequest: requireStaff('cardGroups.create'),
      schema: {
        ...schema,
        operationId: 'createCardGroup',
        summary: 'Create a card group (names are unique whatever their case)',
        body: CardGroupCreateBody,
        response: { 200: dataOf(CardGroup), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      return { data: presentCardGroup(await service.createCardGroup(ctx, request.body), staffActor(ctx)) };
    },
  );

  app.put(
    `${base}/groups`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'renameCardGroup',
        summary: 'Rename a card group (body id and name): its creator or an admin',
        body: CardGroupRenameBody,
        response: { 200: dataOf(CardGroup), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const row = await service.renameCardGroup(ctx, request.body.id, request.body.name);
      return { data: presentCardGroup(row, staffActor(ctx)) };
    },
  );

  app.put(
    `${base}/groups/:id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'renameCardGroupById',
        summary: 'Rename a card group (the same as PUT cards/groups with the id in the path)',
        params: IdParam,
        body: CardGroupCreateBody,
        response: { 200: dataOf(CardGroup), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const row = await service.renameCardGroup(ctx, request.params.id, request.body.name);
      return { data: presentCardGroup(row, staffActor(ctx)) };
    },
  );

  app.delete(
    `${base}/groups/:id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'deleteCardGroup',
        summary: 'Delete a card group (its cards stay): its creator or an admin',
        params: IdParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteCardGroup(serviceContext(request), request.params.id);
      return OK;
    },
  );

  app.get(
    `${base}/export`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'exportCards',
        summary:
          'The cards the caller may read that match the filters, as one vCard 3.0 file (at most 5,000)',
        querystring: CardExportQuery,
        produces: ['text/vcard'],
        response: { 200: z.unknown().describe('The vCard file'), ...errors },
      },
    },
    async (request, reply) => {
      const { text } = await service.exportCards(serviceContext(request), request.query);
      return reply
        .header('Content-Type', 'text/vcard; charset=utf-8')
        .header('Content-Disposition', contentDisposition('cards.vcf'))
        .header('Cache-Control', 'no-store')
        .send(text);
    },
  );

  app.post(
    `${base}/import`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'importCards',
        summary:
          'Import cards from a CSV (UTF-8), XLSX or vCard file (multipart field "file", at most 5 MB, 5,000 cards): ' +
          'a header row naming name (required), company, title, phones, emails, address, notes, tags (English or zh-TW). ' +
          'The caller owns the new cards. Replies with a line per row: created or refused with the reasons; dry_run=1 writes nothing.',
        consumes: ['multipart/form-data'],
        querystring: CardImportQuery,
        response: { 200: dataOf(CardImportReport), ...errors, 413: ErrorResponse },
      },
    },
    async (request) => {
      const file = await readUpload(request, { maxBytes: CARD_IMPORT_MAX_BYTES });
      if (file.data.length > CARD_IMPORT_MAX_BYTES) {
        throw new AppError('IMPORT_FILE_TOO_LARGE', { message: 'The file is larger than 5 MB' });
      }
      return {
        data: await importCards(serviceContext(request), file, { dryRun: request.query.dry_run ?? false }),
      };
    },
  );

  app.get(
    `${base}/:id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'getCard',
        summary: 'One card the caller may read (any other is 404), with what they may do with it (access)',
        params: IdParam,
        response: { 200: dataOf(Card), ...errors },
      },
    },
    async (request) => ({
      data: presentCard(await service.getCard(serviceContext(request), request.params.id)),
    }),
  );

  app.put(
    `${base}/:id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'updateCard',
        summary: 'Change a card’s fields: its owner, an admin, or someone granted edit',
        params: IdParam,
        body: CardUpdateBody,
        response: { 200: dataOf(Card), ...errors },
      },
    },
    async (request) => ({
      data: presentCard(await service.updateCard(serviceContext(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'deleteCard',
        summary: 'Delete a card with its photo: its owner or an admin',
        params: IdParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteCard(serviceContext(request), request.params.id);
      return OK;
    },
  );

  app.put(
    `${base}/:id/groups`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'setCardGroups',
        summary:
          'Put a card in exactly these groups (group_ids; [] takes it out of all): whoever may edit it',
        params: IdParam,
        body: CardGroupsBody,
        response: { 200: dataOf(Card), ...errors },
      },
    },
    async (request) => ({
      data: presentCard(
        await service.setCardGroups(serviceContext(request), request.params.id, request.body.group_ids),
      ),
    }),
  );

  app.get(
    `${base}/:id/permissions`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'listCardPermissions',
        summary: 'Who may use a card: its owner, then each grant (read or edit); for the owner and admin',
        params: IdParam,
        response: { 200: listOf(CardGrant), ...errors },
      },
    },
    async (request) => {
      const rows = await service.listPermissions(serviceContext(request), request.params.id);
      return { data: { result: rows, count: rows.length } };
    },
  );

  app.put(
    `${base}/:id/permissions`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'setCardPermissions',
        summary:
          'Set several employees’ permissions at once (none, read or edit; others unchanged): the owner or an admin',
        params: IdParam,
        body: CardGrantsBody,
        response: { 200: listOf(CardGrant), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await service.setPermissions(
        serviceContext(request),
        request.params.id,
        request.body.permissions,
      );
      return { data: { result: rows, count: rows.length } };
    },
  );

  app.get(
    `${base}/:id/permissions/:employee_id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'getCardPermission',
        summary:
          'One employee’s permission on a card: the owner and admin ask about anyone, others about themselves',
        params: CardGrantParams,
        response: { 200: dataOf(CardGrant), ...errors },
      },
    },
    async (request) => ({
      data: await service.getPermission(
        serviceContext(request),
        request.params.id,
        request.params.employee_id,
      ),
    }),
  );

  app.put(
    `${base}/:id/permissions/:employee_id`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'setCardPermission',
        summary: 'Set one employee’s permission on a card (none, read or edit): the owner or an admin',
        params: CardGrantParams,
        body: CardGrantBody,
        response: { 200: dataOf(CardGrant), 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      const { id, employee_id } = request.params;
      await service.setPermissions(ctx, id, [{ employee_id, permission: request.body.permission }]);
      return { data: await service.getPermission(ctx, id, employee_id) };
    },
  );

  app.get(
    `${base}/:id/log`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'listCardHistory',
        summary: 'History of a card, newest first (20 a page), for anyone who may read it',
        params: IdParam,
        querystring: CaseLogQuery,
        response: { 200: listOf(CaseLogEntry), ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await service.cardHistory(
        serviceContext(request),
        request.params.id,
        request.query,
      );
      return { data: { result: rows.map((row) => presentLogEntry(row, new Map())), count } };
    },
  );

  app.put(
    `${base}/:id/image`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'setCardImage',
        summary:
          'Put a photo of the paper card on it (multipart "file": PNG, JPEG, GIF or WebP as told by the bytes, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: IdParam,
        response: { 200: dataOf(Card), ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => {
      const ctx = serviceContext(request);
      await service.checkImageAllowed(ctx, request.params.id);
      const stored = await receiveImage(request, ctx);
      return { data: presentCard(await service.setCardImage(ctx, request.params.id, stored)) };
    },
  );

  app.get(
    `${base}/:id/image`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'getCardImage',
        summary: 'The photo of a card the caller may read',
        params: IdParam,
        response: {
          200: {
            description: 'The image',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const image = await service.openCardImage(serviceContext(request), request.params.id);
      return reply
        .type(image.mime)
        .header('content-length', String(image.size))
        .header('content-disposition', contentDisposition(image.name, { type: 'inline' }))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(image.stream as unknown as string);
    },
  );

  app.delete(
    `${base}/:id/image`,
    {
      ...use,
      schema: {
        ...schema,
        operationId: 'deleteCardImage',
        summary: 'Remove the photo of a card',
        params: IdParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteCardImage(serviceContext(request), request.params.id);
      return OK;
    },
  );
};
