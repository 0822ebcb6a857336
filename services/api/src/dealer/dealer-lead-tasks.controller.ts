import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { notFound, ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { DealerLeadTasks, TASK_LIST_LIMIT, type LeadTask, type TaskListItem } from './dealer-lead-tasks';
import {
  LeadTaskCreateSchema,
  LeadTaskIdSchema,
  TaskListQuerySchema,
  type LeadTaskCreate,
  type TaskListQuery,
} from './dealer-lead-tasks.schemas';
import { Dealer, DealerSignedInGuard } from './dealer-session';
import { LeadIdSchema } from './dealer.schemas';
import type { LeadStatus } from '@platform/domain';

const leadNotFound = () => notFound('Lead not found', 'No lead of your dealerships has this id.');
const taskNotFound = () => notFound('Task not found', 'This lead has no task with this id.');

/**
 * Follow-up on the leads (issue 53 item 6): tasks with due times and reminders, and the
 * salesperson's list of them. Another dealership's lead or task answers exactly as an unknown one.
 */
@ApiTags('Dealer console')
@Controller('api/dealer')
@UseGuards(DealerSignedInGuard)
export class DealerLeadTasksController {
  constructor(private readonly tasks: DealerLeadTasks) {}

  @Post('leads/:leadId/tasks')
  @ApiOperation({
    summary: 'Add a follow-up task to a lead (call back, test drive, finance documents, other); X-CSRF-Token required',
    description:
      "Body { kind, dueAt (ISO 8601 with offset; within the next year, at most a day past), title? (up to 200 characters, one line), assigneeId? (an owner or salesperson of the lead's dealership; default the lead's assignee, else you) }. Its person is reminded leads.task_reminder_minutes before it is due (at once when that has passed; never for a task already due). A test drive on a new or contacted lead moves it to appointment (Test drive booked), and on a new lead is its first response. Answers { task, lead: { id, status } }.",
  })
  @ApiResponse({ status: 201, description: '{ task, lead: { id, status } }' })
  @ApiResponse({ status: 400, description: 'kind, dueAt, title or assigneeId invalid: problem names the field' })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead' })
  async add(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Body(new ZodValidationPipe(LeadTaskCreateSchema, 'body')) body: LeadTaskCreate,
  ): Promise<{ task: LeadTask; lead: { id: string; status: LeadStatus } }> {
    if (!LeadIdSchema.safeParse(leadId).success) throw leadNotFound();
    const added = await this.tasks.add(dealer, leadId, body);
    if (!added) throw leadNotFound();
    return added;
  }

  @Post('leads/:leadId/tasks/:taskId/done')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark a task done; X-CSRF-Token required',
    description: 'Marking a done task done again changes nothing. Answers the task.',
  })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead or task' })
  @ApiResponse({ status: 409, description: 'The task was cancelled: errors name task' })
  async done(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Param('taskId') taskId: string,
  ): Promise<LeadTask> {
    return this.closed(leadId, taskId, () => this.tasks.done(dealer, leadId, taskId));
  }

  @Delete('leads/:leadId/tasks/:taskId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a task (the shopper called it off); X-CSRF-Token required',
    description:
      'The task is kept, cancelled, in the lead’s history. Cancelling the lead’s last open test drive while it is appointment moves it back to contacted. Cancelling again changes nothing. Answers the task.',
  })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead or task' })
  @ApiResponse({ status: 409, description: 'The task is done already: errors name task' })
  async cancel(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Param('taskId') taskId: string,
  ): Promise<LeadTask> {
    return this.closed(leadId, taskId, () => this.tasks.cancel(dealer, leadId, taskId));
  }

  @Get('tasks')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: "Open follow-up tasks of the user's dealerships, soonest due first",
    description: `view: mine (the default: your own), overdue (anyone's, past due) or today (anyone's, due today on the dealership's clock); dealership (slug) narrows to one. At most ${TASK_LIST_LIMIT}.`,
  })
  @ApiResponse({
    status: 200,
    description: '{ tasks: [{ ...task, lead: { id, name, status, dealership }, timeZone }] }',
  })
  @ApiResponse({ status: 400, description: 'view or dealership invalid: problem names the field' })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async list(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(TaskListQuerySchema, 'query')) query: TaskListQuery,
  ): Promise<{ tasks: TaskListItem[] }> {
    const tasks = await this.tasks.list(dealer, query);
    if (!tasks) throw notFound('Dealership not found', `You have no dealership '${query.dealership}'.`);
    return { tasks };
  }

  private async closed(leadId: string, taskId: string, act: () => Promise<LeadTask | null>): Promise<LeadTask> {
    if (!LeadIdSchema.safeParse(leadId).success) throw leadNotFound();
    if (!LeadTaskIdSchema.safeParse(taskId).success) throw taskNotFound();
    const task = await act();
    // An unknown lead and another dealership's read the same; so does a task of another lead.
    if (!task) throw taskNotFound();
    return task;
  }
}
